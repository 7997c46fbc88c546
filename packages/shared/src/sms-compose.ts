// What each subscriber's SMS says and costs (decision 0012): the station's display name first, so
// the recipient knows who is texting, then the text in their language, then the opt-out words
// carriers require. The web preview, the send confirmation and the charge all count this body.
import type { TLanguageCode } from './constants.js';
import { untranslatedNotice } from './phrasebook/index.js';
import { isGsm7, smsSegments, smsUnits, type TSmsEncoding } from './sms-segments.js';

/** Opt-out line per language; STOP stays in English because that is the keyword carriers honour. */
export const OPT_OUT_LINES: Record<string, string> = {
  en: 'Reply STOP to opt out',
  es: 'Responda STOP para cancelar',
  fr: 'Répondez STOP pour vous désabonner',
  de: 'Antworten Sie STOP zum Abbestellen',
  it: 'Rispondi STOP per annullare',
  pt: 'Responda STOP para cancelar',
  zh: '回复STOP退订',
  ja: '配信停止はSTOPと返信',
  ko: '수신거부는 STOP 회신',
};

/** The exact body a subscriber who reads `language` receives; unknown languages get English. */
export function composeSms(stationName: string, text: string, language: string): string {
  const optOut = OPT_OUT_LINES[language] ?? OPT_OUT_LINES.en;
  return `${stationName}: ${text.trim()}\n${optOut}`;
}

/**
 * The body a subscriber gets when their language's text cannot be sent (decision 0050): the
 * original as written, then one vetted line in their language saying it is not translated, then
 * their opt-out line. For es, fr, de and it both lines are GSM-7, so an English original stays
 * GSM-7; Portuguese needs ç and ê, and zh, ja and ko their own script (UCS-2): the price of telling
 * them.
 */
export function composeFallbackSms(
  stationName: string,
  original: string,
  reader: string,
  originalLanguage: string,
): string {
  const optOut = OPT_OUT_LINES[reader] ?? OPT_OUT_LINES.en;
  const notice = untranslatedNotice(reader as TLanguageCode, originalLanguage as TLanguageCode);
  return `${stationName}: ${original.trim()}\n${notice}\n${optOut}`;
}

/**
 * The longest Body Twilio takes: 1,600 characters; a longer one is refused with error 21617, for
 * every recipient of that language (decision 0052). Checked on the composed body (station name,
 * text, opt-out line) in the units of the segment counter: GSM-7 septets or UTF-16 code units.
 */
export const SMS_BODY_LIMIT = 1600;

/** What an SMS body holds besides the text: the station's name, the opt-out line and, for a fallback, the notice. */
type TBudgetFor = {
  stationName: string;
  /** The reader's language (their opt-out line, and the notice's language for a fallback). */
  language: string;
  /** The fallback's body (decision 0050): the original in this language goes with the notice. */
  fallbackFrom?: string;
};

function bodyAround(at: TBudgetFor, text: string): string {
  return at.fallbackFrom === undefined
    ? composeSms(at.stationName, text, at.language)
    : composeFallbackSms(at.stationName, text, at.language, at.fallbackFrom);
}

export type TSmsBudget = {
  encoding: TSmsEncoding;
  /** SMS_BODY_LIMIT. */
  limit: number;
  /** Units the station name, the separators, the opt-out line (and a fallback's notice) take. */
  overhead: number;
  /** The longest text, in units, whose body still fits: limit - overhead (never below 0). */
  max: number;
};

/**
 * The real room for a language's text in one SMS: 1,600 minus what the station's name and the
 * opt-out line in that language take (and the untranslated notice, for a fallback). In the units
 * of `encoding`: they differ only when the name or the line has a GSM extension character
 * ([ ] { } € …, two septets each); the encoding changes what a body costs, not the limit.
 */
export function smsTextBudget(at: TBudgetFor, encoding: TSmsEncoding): TSmsBudget {
  const overhead = smsUnits(bodyAround(at, ''), encoding);
  return { encoding, limit: SMS_BODY_LIMIT, overhead, max: Math.max(0, SMS_BODY_LIMIT - overhead) };
}

export type TSmsTextFit = {
  /** The encoding the whole body goes in. */
  encoding: TSmsEncoding;
  /** The trimmed text's units in that encoding. */
  length: number;
  /** The budget for that encoding (smsTextBudget). */
  max: number;
  fits: boolean;
};

/** Whether `text` fits its language's SMS: the text's length against the budget of the body's encoding. */
export function smsTextFit(at: TBudgetFor, text: string): TSmsTextFit {
  const encoding: TSmsEncoding = isGsm7(bodyAround(at, text)) ? 'GSM-7' : 'UCS-2';
  const length = smsUnits(text.trim(), encoding);
  const { max } = smsTextBudget(at, encoding);
  return { encoding, length, max, fits: length <= max };
}

export type TComposedSms = {
  body: string;
  /** Characters as a person counts them (Unicode code points) of the whole body. */
  characters: number;
  /** The body's length against SMS_BODY_LIMIT, in the segment counter's units (smsUnits). */
  length: number;
  /** At most SMS_BODY_LIMIT: Twilio takes it (over it, Twilio refuses it with error 21617). */
  fits: boolean;
  encoding: TSmsEncoding;
  segments: number;
  /** What one recipient costs: one credit per segment. */
  credits: number;
};

/** The composed body and what it costs per recipient. */
export function composedSms(stationName: string, text: string, language: string): TComposedSms {
  return counted(composeSms(stationName, text, language));
}

/** The fallback body (original plus the untranslated notice) and what it costs per recipient. */
export function composedFallbackSms(
  stationName: string,
  original: string,
  reader: string,
  originalLanguage: string,
): TComposedSms {
  return counted(composeFallbackSms(stationName, original, reader, originalLanguage));
}

function counted(body: string): TComposedSms {
  const info = smsSegments(body);
  return {
    body,
    characters: info.characters,
    length: info.units,
    fits: info.units <= SMS_BODY_LIMIT,
    encoding: info.encoding,
    segments: info.segments,
    credits: info.segments,
  };
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Each character outside GSM-7, once, in order of appearance: any one makes the SMS UCS-2. Counted
 * as a person sees them, so an emoji with its variation selector or skin tone is named whole.
 */
export function nonGsm7Characters(text: string): string[] {
  const found = new Set<string>();
  for (const { segment } of graphemes.segment(text)) {
    if (!isGsm7(segment)) found.add(segment);
  }
  return [...found];
}
