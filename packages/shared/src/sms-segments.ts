// How an SMS text is encoded and how many segments (= credits) it costs.
// GSM-7 when every character is in the GSM 03.38 alphabet: 160 septets in one segment, 153 per
// segment when split; characters of the extension table take two septets (escape + char) and an
// escape pair is never split across segments. Otherwise UCS-2: 70 UTF-16 units in one segment, 67
// per segment when split; characters outside the basic plane take two units (a surrogate pair,
// never split across segments).

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type TSmsEncoding = 'GSM-7' | 'UCS-2';

export type TSmsSegmentInfo = {
  encoding: TSmsEncoding;
  /** Characters as a person counts them (Unicode code points). */
  characters: number;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) the text takes. */
  units: number;
  segments: number;
  /** Units still free in the last segment. */
  remaining: number;
};

export const SMS_LIMITS = {
  'GSM-7': { single: 160, multi: 153 },
  'UCS-2': { single: 70, multi: 67 },
} as const;

export function isGsm7(text: string): boolean {
  for (const char of text) {
    if (!basic.has(char) && !extension.has(char)) return false;
  }
  return true;
}

/** Units per character: 1 or 2 (GSM extension characters; UCS-2 characters beyond the BMP). */
export function unitSizes(text: string, encoding: TSmsEncoding): number[] {
  const sizes: number[] = [];
  for (const char of text) {
    if (encoding === 'GSM-7') sizes.push(extension.has(char) ? 2 : 1);
    else sizes.push(char.length); // 2 for a surrogate pair
  }
  return sizes;
}

/**
 * How many units `text` takes in `encoding`: GSM-7 septets (an extension character is two) or
 * UTF-16 code units (a character beyond the BMP is two). Never fewer than its code points or its
 * UTF-16 code units, so Twilio's 1,600-character limit checked in these units holds whichever of
 * the two Twilio counts (decision 0052).
 */
export function smsUnits(text: string, encoding: TSmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2'): number {
  return unitSizes(text, encoding).reduce((sum, size) => sum + size, 0);
}

export function smsSegments(text: string): TSmsSegmentInfo {
  const encoding: TSmsEncoding = isGsm7(text) ? 'GSM-7' : 'UCS-2';
  const sizes = unitSizes(text, encoding);
  const units = sizes.reduce((sum, size) => sum + size, 0);
  const limits = SMS_LIMITS[encoding];
  if (units === 0) return { encoding, characters: 0, units: 0, segments: 0, remaining: limits.single };
  if (units <= limits.single) {
    return { encoding, characters: sizes.length, units, segments: 1, remaining: limits.single - units };
  }
  // Fill segments greedily; a two-unit character that does not fit starts the next segment.
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > limits.multi) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, characters: sizes.length, units, segments, remaining: limits.multi - used };
}
