// What the audit trail reads of users: the account that acted, and names for the log's actors.
// Others reach it through trail-service.ts.
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/owned/users.js';

export async function findAccount(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      stationId: users.stationId,
      isSuperadmin: users.isSuperadmin,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Full names by user id, in one query; a deleted user is not in the map. */
export async function findUserNames(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.fullName]));
}

/** The names of the users of `userIds` (a subquery) as a JSON object by id, for one statement (decision 0061). */
export function userNamesJsonSql(userIds: SQL): SQL {
  return sql`(select coalesce(json_object_agg(u.id, u.full_name), '{}'::json) from ${users} u
    where u.id in (${userIds}))`;
}
