import { LIMITS } from './constants.js';

/** Station ID from its name: lowercased, letters and digits only, at most 20 characters (spec §5 step 2). */
export function deriveStationId(stationName: string): string {
  return stationName
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, LIMITS.stationIdMaxLength);
}
