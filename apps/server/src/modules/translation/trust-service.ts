// Which engines a station trusts (decision 0050): the engines its admins marked trusted in
// Settings → Translation, as recorded with each translation (`station:deepl`). The operator's
// engines and the offline engine are never trusted here: a station vouches only for its own.

import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { listStationEngines, trustedEngineNamesSql as trustedNames } from './settings-repo.js';

/** The `provider` a translation records for an engine of the station's chain. */
export function engineLabel(source: 'station' | 'operator', name: string): string {
  return `${source}:${name}`;
}

export async function trustedEnginesFor(db: DbOrTx, stationId: string): Promise<Set<string>> {
  const rows = await listStationEngines(db, stationId);
  return new Set(
    rows
      .filter((row) => row.trusted && row.engine !== 'apertium')
      .map((row) => engineLabel('station', row.engine)),
  );
}

/** The names of the engines the station trusts, as a column of a one-statement read (decision 0061). */
export function trustedEngineNamesSql(stationId: SQL): SQL {
  return trustedNames(stationId);
}

/** trustedEnginesFor's set from the names trustedEngineNamesSql read. */
export function trustedEnginesOf(names: string[]): Set<string> {
  return new Set(
    names.filter((engine) => engine !== 'apertium').map((engine) => engineLabel('station', engine)),
  );
}
