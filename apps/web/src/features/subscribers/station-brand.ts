// The station's look on its public pages: its brand colour (spec §3, default #007bff) and
// language names as subscribers know them.
import { LANGUAGES, STATION_DEFAULTS } from '@message-station/shared';

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** A colour safe to put in CSS, or the fallback. */
export function safeColor(
  value: string | null | undefined,
  fallback: string = STATION_DEFAULTS.brandColor,
): string {
  return value && HEX_COLOR.test(value) ? value : fallback;
}

/** "Español" for es: a subscriber looks for their own language under its own name. */
export function nativeLanguageName(code: string, fallback: string): string {
  return LANGUAGES.find((language) => language.code === code)?.nativeName ?? fallback;
}
