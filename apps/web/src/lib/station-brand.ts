// The station's look on its public pages: its brand colour (default #007bff).
import { HEX_COLOR_PATTERN, STATION_DEFAULTS } from '@message-station/shared';
import { underWhiteText } from '../app/theme-colors';

/** A colour safe to put in CSS, or the fallback. */
export function safeColor(
  value: string | null | undefined,
  fallback: string = STATION_DEFAULTS.brandColor,
): string {
  return value && HEX_COLOR_PATTERN.test(value) ? value : fallback;
}

/**
 * A station's colour (or the fallback) as the fill of a button, checkbox or badge with white text
 * on it: darkened where white would not read at 4.5:1 (docs/design.md "Colours and contrast").
 */
export function stationFill(
  value: string | null | undefined,
  fallback: string = STATION_DEFAULTS.brandColor,
): string {
  const color = safeColor(value, fallback);
  return HEX_COLOR_PATTERN.test(color) ? underWhiteText(color) : color;
}
