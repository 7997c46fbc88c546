// What the superadmin overview reads of the stations; their users and messages are counted by
// the modules that own them.
import type { Db } from '../../db/client.js';
import { listStationsOverview as stationsOverview } from './overview-repo.js';

/** Every station with its plan, balance and state, for the superadmin overview. */
export function listStationsOverview(db: Db) {
  return stationsOverview(db);
}
