// What the superadmin overview reads of users: counts per station, never the rows.
import type { Db } from '../../db/client.js';
import { countUsersPerStation as usersPerStation } from './overview-repo.js';

/** How many users each station has, by station id. */
export function countUsersPerStation(db: Db): Promise<Map<string, number>> {
  return usersPerStation(db);
}
