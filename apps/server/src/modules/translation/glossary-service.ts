// A station's glossary: read and replaced by admins in Settings → Translation, and
// resolved per target language for the translation worker, which hands it to every engine.
import type { TGlossary, TLanguageCode, ZGlossaryRequest } from '@message-station/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { TGlossaryEntry } from '../../providers/translation/types.js';
import type { TServiceContext } from '../../service-context.js';
import { listGlossaryTerms, replaceGlossaryTerms } from './glossary-repo.js';

export async function getGlossary(ctx: Pick<TServiceContext, 'db' | 'stationId'>): Promise<TGlossary> {
  const rows = await listGlossaryTerms(ctx.db, ctx.stationId);
  return { terms: rows.map((row) => ({ term: row.term, translations: row.translations })) };
}

/** Replaces the whole glossary at once; a term listed twice (ignoring case) refuses it all. */
export async function saveGlossary(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'now'>,
  input: z.output<typeof ZGlossaryRequest>,
): Promise<TGlossary> {
  const seen = new Set<string>();
  for (const { term } of input.terms) {
    const key = term.toLocaleLowerCase();
    if (seen.has(key)) throw new AppError('glossary_term_twice', { term });
    seen.add(key);
  }
  const terms = input.terms.map(({ term, translations }) => ({
    term,
    // Empty words for a language mean "keep the term as written" there: not stored.
    translations: Object.fromEntries(
      Object.entries(translations).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
  }));
  await ctx.db.transaction((tx) => replaceGlossaryTerms(tx, ctx.stationId, terms, ctx.now));
  return getGlossary(ctx);
}

/** The glossary as engines get it for one target language: the station's words, or the term kept. */
export async function glossaryFor(
  db: DbOrTx,
  stationId: string,
  to: TLanguageCode,
): Promise<TGlossaryEntry[]> {
  const rows = await listGlossaryTerms(db, stationId);
  return rows.map((row) => ({ term: row.term, target: row.translations[to] ?? row.term }));
}

/**
 * The glossary between any two languages (decision 0050), for texts that are not the station's
 * originals: a subscriber's text into the station's language, staff's reply into the subscriber's.
 * A term is written in `primary` as the station wrote it, elsewhere in its words for that language
 * (or as the term itself where it is kept as written).
 */
export async function glossaryBetween(
  db: DbOrTx,
  stationId: string,
  languages: { primary: TLanguageCode; from: TLanguageCode; to: TLanguageCode },
): Promise<TGlossaryEntry[]> {
  const rows = await listGlossaryTerms(db, stationId);
  const written = (row: (typeof rows)[number], language: TLanguageCode) =>
    language === languages.primary ? row.term : (row.translations[language] ?? row.term);
  return rows.map((row) => ({ term: written(row, languages.from), target: written(row, languages.to) }));
}
