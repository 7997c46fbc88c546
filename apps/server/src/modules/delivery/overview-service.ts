// What the dashboard reads of a station's sends: its activity lines, the people a message sent more
// than once reached, and the texts handed to the provider. The delivery module owns these tables.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as overview from './overview-repo.js';

export type { TActivityLineRow, TSmsSentBounds } from './overview-repo.js';

/** The station's latest activity lines (sends and what came of them) before `at`. */
export function listActivityLines(db: Db, input: { stationId: string; at: Date; limit: number }) {
  return overview.listActivityLines(db, input);
}

/** The distinct people each line's sends reached, by line key. */
export function countPeopleOfSends(
  db: Db,
  lines: { key: string; send_ids: string[] }[],
): Promise<Map<string, number>> {
  return overview.countPeopleOfSends(db, lines);
}

/** The texts handed to the provider (all, this month, per day in the station's zone), a column of the dashboard's statement. */
export function smsSentSql(stationId: SQL, bounds: overview.TSmsSentBounds): SQL {
  return overview.smsSentSql(stationId, bounds);
}
