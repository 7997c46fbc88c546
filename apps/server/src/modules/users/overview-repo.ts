// User counts for the superadmin overview and the dashboard; others reach them through
// users/overview-service.ts.
import { count, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/owned/users.js';

/** Users per station id; a station without users is not in the map. */
export async function countUsersPerStation(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ stationId: users.stationId, n: count() })
    .from(users)
    .groupBy(users.stationId);
  return new Map(rows.map((row) => [row.stationId, Number(row.n)]));
}

/** How many admins the station has, a column of the dashboard's one statement (decision 0061). */
export function stationAdminCountSql(stationId: SQL): SQL {
  return sql`(select count(*)::int from ${users} u where u.station_id = ${stationId} and u.role = 'admin')`;
}
