// A station's own translation engines (station_translation_engines): the list in its order, and
// the whole list replaced at once.
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationTranslationEngines } from '../../db/schema/owned/translation.js';

export type TStationEngineRow = typeof stationTranslationEngines.$inferSelect;
export type TStationEngineValues = Pick<
  TStationEngineRow,
  'engine' | 'baseUrl' | 'model' | 'keyCiphertext' | 'keyHint' | 'trusted'
>;

export function listStationEngines(db: DbOrTx, stationId: string): Promise<TStationEngineRow[]> {
  return db
    .select()
    .from(stationTranslationEngines)
    .where(eq(stationTranslationEngines.stationId, stationId))
    .orderBy(asc(stationTranslationEngines.position));
}

/** The engines the station marked trusted, as a JSON array of their names, for one statement (decision 0061). */
export function trustedEngineNamesSql(stationId: SQL): SQL {
  return sql`(select coalesce(json_agg(e.engine order by e.position), '[]'::json) from ${stationTranslationEngines} e
    where e.station_id = ${stationId} and e.trusted)`;
}

/** Replaces the station's list; call inside a transaction so a refusal leaves the old list whole. */
export async function replaceStationEngines(
  tx: DbOrTx,
  stationId: string,
  engines: TStationEngineValues[],
  at: Date,
) {
  await tx.delete(stationTranslationEngines).where(eq(stationTranslationEngines.stationId, stationId));
  if (engines.length === 0) return;
  await tx
    .insert(stationTranslationEngines)
    .values(
      engines.map((engine, position) => ({ ...engine, stationId, position, createdAt: at, updatedAt: at })),
    );
}
