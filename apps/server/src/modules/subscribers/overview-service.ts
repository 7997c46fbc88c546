// What the dashboard and the superadmin overview read of subscribers: counts, never the rows.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import * as overview from './overview-repo.js';

/** Active contacts across every station (superadmin overview). */
export function countActiveContacts(db: Db): Promise<number> {
  return overview.countActiveContacts(db);
}

/** A station's contacts, all and active (dashboard first run). */
export function countStationContacts(db: Db, input: { stationId: string }) {
  return overview.countStationContacts(db, input);
}

/** The station's contact counts as a column of the dashboard's single statement. */
export function stationContactCountsSql(stationId: SQL): SQL {
  return overview.stationContactCountsSql(stationId);
}
