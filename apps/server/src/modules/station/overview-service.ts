// What the superadmin overview reads of the stations; their plan and credits, users and messages
// are read by the modules that own them.
import type { Db } from '../../db/client.js';
import { listStationsOverview as stationsOverview } from './overview-repo.js';

/** Every station with its name and SMS switch, for the superadmin overview. */
export function listStationsOverview(db: Db) {
  return stationsOverview(db);
}
