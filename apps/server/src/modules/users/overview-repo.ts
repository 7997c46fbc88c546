// User counts for the superadmin overview; others reach them through users/overview-service.ts.
import { count } from 'drizzle-orm';
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
