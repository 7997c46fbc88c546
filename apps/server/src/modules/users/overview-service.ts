// What the superadmin overview and the dashboard read of users: counts, never the rows.
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  stationAdminCountSql as adminCountSql,
  countUsersPerStation as usersPerStation,
} from './overview-repo.js';

/** How many users each station has, by station id. */
export function countUsersPerStation(db: Db): Promise<Map<string, number>> {
  return usersPerStation(db);
}

/** How many admins the station has, as a scalar subquery for a page's one statement. */
export function stationAdminCountSql(stationId: SQL): SQL {
  return adminCountSql(stationId);
}
