// A station's own translation engines and server voices, set by its admins in
// Settings → Translation and Settings → Voice. Operator-wide defaults come from the environment.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { stations } from './stations.js';

/** The engines a station tries, in order (`position` 0 first), before the operator's chain. */
export const stationTranslationEngines = pgTable(
  'station_translation_engines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    engine: text('engine', {
      enum: ['deepl', 'google', 'openai', 'libretranslate', 'apertium'],
    }).notNull(),
    position: integer('position').notNull(),
    /** The engine's address where it has one to choose (OpenAI-compatible, LibreTranslate, APY). */
    baseUrl: text('base_url'),
    /** OpenAI-compatible engines: the model name. */
    model: text('model'),
    /** The API key sealed with the server's secret (AES-256-GCM); never sent to a browser. */
    keyCiphertext: text('key_ciphertext'),
    /** The key's last four characters, so admins can tell which key is set. */
    keyHint: text('key_hint'),
    /**
     * An admin vouches for this engine's output (decision 0050): unattended sends (schedules,
     * weather auto-send, the public API) deliver its translations. Never the offline engine.
     */
    trusted: boolean('trusted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('station_translation_engines_station_engine_key').on(t.stationId, t.engine),
    index('station_translation_engines_station_idx').on(t.stationId, t.position),
    check(
      'station_translation_engines_engine',
      sql`${t.engine} in ('deepl', 'google', 'openai', 'libretranslate', 'apertium')`,
    ),
  ],
);

/** The server voice a station chose for one language (exported audio and "Listen"). */
export const stationVoices = pgTable(
  'station_voices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    /** `<provider>:<voice name>`, e.g. `espeak:es` or `google:es-US-Neural2-A`. */
    voice: text('voice').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('station_voices_station_language_key').on(t.stationId, t.language),
    check('station_voices_language', sql`${t.language} in ('en','es','fr','de','it','pt','zh','ja','ko')`),
  ],
);

/**
 * A station's glossary: names, streets, schools, the station's own name. A term with
 * no translations is kept as written in every language; otherwise each language listed gets its
 * given words. Every engine applies it (DeepL glossaries, placeholders, the LLM's instructions).
 */
export const stationGlossaryTerms = pgTable(
  'station_glossary_terms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** As written in the station's originals, e.g. "Oak Avenue". Matched ignoring case. */
    term: text('term').notNull(),
    /** Language code → the words to use there; `{}`: keep the term as written everywhere. */
    translations: jsonb('translations').$type<Record<string, string>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('station_glossary_terms_station_term_key').on(t.stationId, sql`lower(${t.term})`)],
);
