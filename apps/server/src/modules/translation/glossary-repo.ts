// A station's glossary terms (station_glossary_terms): the list, and the whole list replaced.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationGlossaryTerms } from '../../db/schema/owned/translation.js';

export type TGlossaryRow = typeof stationGlossaryTerms.$inferSelect;

export function listGlossaryTerms(db: DbOrTx, stationId: string): Promise<TGlossaryRow[]> {
  return db
    .select()
    .from(stationGlossaryTerms)
    .where(eq(stationGlossaryTerms.stationId, stationId))
    .orderBy(asc(stationGlossaryTerms.createdAt), asc(stationGlossaryTerms.term));
}

/** Replaces the station's glossary; call inside a transaction so a refusal keeps the old one. */
export async function replaceGlossaryTerms(
  tx: DbOrTx,
  stationId: string,
  terms: { term: string; translations: Record<string, string> }[],
  at: Date,
) {
  await tx.delete(stationGlossaryTerms).where(eq(stationGlossaryTerms.stationId, stationId));
  if (terms.length === 0) return;
  // One instant per term, in the order given, so the list reads back as it was saved.
  await tx.insert(stationGlossaryTerms).values(
    terms.map((term, index) => ({
      ...term,
      stationId,
      createdAt: new Date(at.getTime() + index),
      updatedAt: at,
    })),
  );
}
