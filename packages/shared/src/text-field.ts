// The one builder for text in a request (decision 0024): no NUL or unpaired surrogate, trimmed,
// and at most a limit from TEXT_LIMITS, the same number the web forms give as maxLength. Its
// refusals are catalogue codes (decision 0068).
import { z } from 'zod';
import { refusal, type TIssueMessage } from './issue-message.js';

export { TEXT_LIMITS, type TTextLimitKind } from './text-limits.js';

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
