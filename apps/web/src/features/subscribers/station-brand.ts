// The station's look on its public pages: its brand colour (spec §3, default #007bff).
import { HEX_COLOR_PATTERN, STATION_DEFAULTS } from '@message-station/shared';

/** A colour safe to put in CSS, or the fallback. */
export function safeColor(
  value: string | null | undefined,
  fallback: string = STATION_DEFAULTS.brandColor,
): string {
  return value && HEX_COLOR_PATTERN.test(value) ? value : fallback;
}
