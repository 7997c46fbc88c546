// What the audit trail reads of users: an account's identity and actors' names, by id.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import * as trail from './trail-repo.js';

/** The account that acted: its email, station and superadmin flag, or null. */
export function findAccount(db: DbOrTx, userId: string) {
  return trail.findAccount(db, userId);
}

/** Full names by user id, in one query; a deleted user is not in the map. */
export function findUserNames(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  return trail.findUserNames(db, userIds);
}

/** The names of the users of `userIds` (a subquery) as a JSON object by id, for one statement (decision 0061). */
export function userNamesJsonSql(userIds: SQL): SQL {
  return trail.userNamesJsonSql(userIds);
}
