// A station's ID (its slug) from its name, the same on the web and the server,
// and the shapes of the signup's check of whether an ID is free.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/**
 * Letters that do not decompose into a Latin letter and a mark: each is written as the letters a
 * US keyboard would type for it (æ as "ae", not dropped).
 */
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
};
const UNLISTED_LETTERS = new RegExp(`[${Object.keys(LATIN_LETTERS).join('')}]`, 'g');
const COMBINING_MARKS = /\p{M}/gu;

/**
 * Station ID from its name: accents and ñ written as their plain letter ("Ñandú" gives "nandu"),
 * then lowercase letters and digits only, at most 20 characters. NFKD also turns
 * full-width and ligature forms ("ＫＸＹＺ", "ﬁ") into the letters they are.
 */
export function deriveStationId(stationName: string): string {
  return stationName
    .toLowerCase()
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .replace(UNLISTED_LETTERS, (letter) => LATIN_LETTERS[letter] ?? '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, LIMITS.stationIdMaxLength);
}

/**
 * IDs to offer when `stationId` is taken, best first: the ID with 2, 3 … 10 at its end (cut so
 * the whole stays within 20 characters).
 */
export function stationIdAlternatives(stationId: string): string[] {
  const alternatives: string[] = [];
  for (let n = 2; n <= 10; n++) {
    const suffix = String(n);
    const alternative = stationId.slice(0, LIMITS.stationIdMaxLength - suffix.length) + suffix;
    if (alternative !== stationId && !alternatives.includes(alternative)) alternatives.push(alternative);
  }
  return alternatives;
}

/**
 * A station name whose ID is `suggestion`, made by adding the suggestion's ending to `stationName`
 * ("KXYZ Radio" and "kxyzradio2" give "KXYZ Radio 2"); null when no such ending does (a name whose
 * ID was cut at 20 characters).
 */
export function stationNameFor(stationName: string, suggestion: string): string | null {
  const name = stationName.trim();
  for (let length = 1; length <= 3; length++) {
    const candidate = `${name} ${suggestion.slice(-length)}`;
    if (deriveStationId(candidate) === suggestion) return candidate;
  }
  return null;
}

/** GET /api/register/station-id?id=kxyzradio: the ID is derived again, so a name is accepted too. */
export const ZStationIdQuery = z.object({
  id: textField({
    label: 'Station ID',
    max: TEXT_LIMITS.slug,
    required: refusal('field_required', { field: 'Station name' }),
  }).refine((id) => deriveStationId(id) !== '', refusal('station_name_letters')),
});

export const ZStationIdAvailability = z.object({
  /** The ID that was checked (the query's `id`, derived). */
  station_id: z.string(),
  available: z.boolean(),
  /** A free ID close to it when it is taken; null when it is free, or nothing close is. */
  suggestion: z.string().nullable(),
});
export type TStationIdAvailability = z.infer<typeof ZStationIdAvailability>;
