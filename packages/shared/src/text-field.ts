// The one builder for text in a request (decision 0024): no NUL or unpaired surrogate, trimmed,
// and at most a limit from TEXT_LIMITS, the same number the web forms give as maxLength. Its
// refusals are catalogue codes (decision 0068).
import { z } from 'zod';
import { refusal, type TIssueMessage } from './issue-message.js';

/**
 * The longest accepted value of each kind of text, in UTF-16 code units (what an input's
 * maxLength counts). The spec fixes none of these (decision 0024 says why each is what it is).
 */
export const TEXT_LIMITS = {
  /** A person's, station's or contact's name, and a station's display name. */
  name: 100,
  /** A message type's display name (a badge and a column header). */
  typeName: 50,
  typeDescription: 500,
  messageTitle: 200,
  /**
   * A message's original text, and each translation of it: at most what one text message carries
   * (Twilio takes at most 1,600 characters). The real room is less: the station's name and the
   * opt-out line share the 1,600 (smsTextBudget, decision 0052).
   */
  messageBody: 1600,
  contactSubject: 200,
  contactMessage: 5000,
  /** The longest address a mail server accepts (RFC 5321 forward path). */
  email: 254,
  url: 2048,
  search: 200,
  password: 256,
  /** A phone number as typed: "+1 (555) 123-4567 ext" and spaces, not an essay. */
  phone: 32,
  /** A station's slug in an address (a Station ID is at most 20; room for older slugs). */
  slug: 40,
  /** A two-factor code as typed: 6 digits, or a recovery code with spaces and hyphens. */
  signInCode: 32,
  /** Reset tokens, ids and codes a client hands back. */
  token: 200,
  /** A bot-check answer (ALTCHA payloads and Turnstile tokens run to a few KB). */
  botCheckToken: 10_000,
  /** One text message: 10 segments of 160 characters (the most Twilio takes). */
  smsBody: 1600,
  /** A translation engine's API key (vendors' keys run to a few hundred characters). */
  engineApiKey: 500,
  /** A translation engine's model name ("gpt-4o-mini"). */
  engineModel: 200,
} as const;
export type TTextLimitKind = keyof typeof TEXT_LIMITS;

export const UNSTORABLE_TEXT_ERROR = 'Text must not contain NUL characters or invalid Unicode.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for NUL and for a surrogate without its pair: text no column stores and no person typed. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** "Title must be at most 200 characters." (numbers in US format: 5,000). */
export function tooLongText(label: string, max: number): string {
  return `${label} must be at most ${max.toLocaleString('en-US')} characters.`;
}

type TTextFieldOptions = {
  /** The field's name in a refusal: "Title" gives field_too_long "Title must be at most 200 characters." */
  label: string;
  max: number;
  /** The refusal of a missing or blank value; without it an empty string is accepted. */
  required?: TIssueMessage;
  /** Replaces the default over-the-limit refusal (field_too_long). */
  tooLong?: TIssueMessage;
};

/** A string field: storable, trimmed, non-blank when `required`, at most `max` characters. */
export function textField({ label, max, required, tooLong }: TTextFieldOptions) {
  const schema = z
    .string({ error: required ?? refusal('field_not_text', { field: label }) })
    .refine(isStorableText, refusal('unstorable_text'))
    .trim();
  const field = (required ? schema.min(1, required) : schema).max(
    max,
    tooLong ?? refusal('field_too_long', { field: label, max }),
  );
  // A blank text is refused once trimmed: the API documents ask for a character that is not a space.
  return required ? field.meta({ pattern: '\\S' }) : field;
}
