// What the audit trail reads of the weather module: a station's settings as stored.
import type { DbOrTx } from '../../db/client.js';
import { findSettings } from './repo.js';

/** The station's weather settings as stored, or null before the first save. */
export function findWeatherSettings(db: DbOrTx, stationId: string) {
  return findSettings(db, stationId);
}
