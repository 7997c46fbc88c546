// The translation memory (decision 0059): what an engine wrote for a text, kept so the same text
// is translated once. A row is first a claim (one job runs the engine, the others wait for it),
// then the translation. Public texts (NWS alert drafts) are shared by every station; a station's
// own texts only within the station. Staff's corrections are never written here.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { stations } from './stations.js';

export const translationMemory = pgTable(
  'translation_memory',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who may reuse it: `public`, or the station's id (then `station_id` too). */
    scope: text('scope').notNull(),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'cascade' }),
    /**
     * SHA-256 of the normalised text (links as slots), languages, engine and its settings, and
     * the glossary terms and kept words found in the text (modules/translation/memory.ts).
     */
    key: text('key').notNull(),
    fromLanguage: text('from_language').notNull(),
    toLanguage: text('to_language').notNull(),
    /** `claimed`: a job is running the engine; `done`: the translation is here. */
    state: text('state', { enum: ['claimed', 'done'] }).notNull(),
    /** The claiming job's token, and until when its claim holds unless renewed. */
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The engine that wrote it, as translations record it (`operator:apertium`, `station:deepl`). */
    engine: text('engine'),
    /** With each link of the original as a slot (U+27E6 n U+27E7), filled per message. */
    translatedText: text('translated_text'),
    unknownWords: text('unknown_words').array().notNull().default(sql`'{}'::text[]`),
    /** Set when another engine than the station's first stood in: kept only a short while. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    hits: integer('hits').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('translation_memory_scope_key').on(t.scope, t.key),
    index('translation_memory_used_idx').on(t.usedAt),
    index('translation_memory_station_idx').on(t.stationId),
    check('translation_memory_state', sql`${t.state} in ('claimed', 'done')`),
  ],
);
