// The fields staff fill in a phrasebook entry (decision 0050): proper nouns, times, numbers and
// addresses, inserted into every language exactly as typed and never translated.
import type { TLanguageCode } from '../constants.js';

export const PHRASE_FIELDS = [
  'place',
  'county',
  'state',
  'street',
  'school',
  'time',
  'date',
  'phone',
  'url',
] as const;
export type TPhraseField = (typeof PHRASE_FIELDS)[number];

/**
 * Longest value staff may type per field (UI and server validate with these). The segment budgets
 * of the phrasebook test are checked with every field filled to these lengths.
 */
export const PHRASE_FIELD_LIMITS: Record<TPhraseField, number> = {
  /** "Moore and south Oklahoma City", "Lincoln Library, 120 Main St." */
  place: 60,
  /** As typed, with its own word: "Coal County", "St. John the Baptist Parish". */
  county: 40,
  /** "OK" or "Oklahoma"; "District of Columbia" is the longest. */
  state: 20,
  street: 60,
  school: 60,
  /** "11:45 PM", "11:45 PM CDT". */
  time: 20,
  /** "Monday, March 3", "3/3". */
  date: 30,
  phone: 20,
  url: 60,
};

/** 'wea': the 18 FCC multilingual WEA alert types; 'station': what stations send most. */
export type TPhraseGroup = 'wea' | 'station';

export type TPhraseEntry = {
  /** Stable snake_case id, stored with messages: 'tornado_warning'. */
  id: string;
  group: TPhraseGroup;
  /** The message type the entry suggests. */
  messageType: 'emergency' | 'alert' | 'station' | 'informational';
  /** Every {field} the texts use, in the order the English text uses them. */
  fields: readonly TPhraseField[];
  /** Short title: 'Tornado Warning' / 'Aviso de tornado'. */
  title: Record<TLanguageCode, string>;
  /** The sentence(s), with {county} style placeholders. */
  text: Record<TLanguageCode, string>;
};
