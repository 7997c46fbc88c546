// The station's look on its public pages: its brand colour (spec §3, default #007bff).
import { STATION_DEFAULTS } from '@message-station/shared';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** A colour safe to put in CSS, or the fallback. */
export function safeColor(
  value: string | null | undefined,
  fallback: string = STATION_DEFAULTS.brandColor,
): string {
  return value && HEX_COLOR.test(value) ? value : fallback;
}
