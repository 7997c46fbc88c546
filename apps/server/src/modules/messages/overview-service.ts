// What the dashboard and the superadmin overview read of messages: counts, never the rows.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as overview from './overview-repo.js';

/** How many messages each station has, by station id (superadmin overview). */
export function countMessagesPerStation(db: Db): Promise<Map<string, number>> {
  return overview.countMessagesPerStation(db);
}

/** A station's messages: all, since a time, and per type (dashboard first run). */
export function countStationMessages(db: Db, input: { stationId: string; since: string }) {
  return overview.countStationMessages(db, input);
}

/** The station's message counts as a column of the dashboard's single statement. */
export function stationMessageCountsSql(stationId: SQL, since: SQL): SQL {
  return overview.stationMessageCountsSql(stationId, since);
}
