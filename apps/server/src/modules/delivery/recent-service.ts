// The deliveries other modules may ask about: which station last texted a number (the inbox).
import type { DbOrTx } from '../../db/client.js';
import { latestStationToText as latestStation } from './recent-repo.js';

/** Of these stations, the one that last texted this number, or null. */
export function latestStationToText(db: DbOrTx, phone: string, stationIds: string[]) {
  return latestStation(db, phone, stationIds);
}
