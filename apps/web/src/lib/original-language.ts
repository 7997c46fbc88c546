import { STATION_DEFAULTS } from '@message-station/shared';
import type { TStationLanguage } from '../api/sms-contacts';

/** en when the station has it (or has none), else its first language. */
export function defaultOriginalLanguage(languages: TStationLanguage[]): string {
  const codes = languages.map((language) => language.language_code);
  const fallback = STATION_DEFAULTS.primaryLanguage;
  if (codes.length === 0 || codes.includes(fallback)) return fallback;
  return codes[0] ?? fallback;
}
