// US phone numbers, checked with libphonenumber-js (never by hand). Kept apart from phone.ts so
// pages that only format numbers do not pull in the metadata.
import { Metadata } from 'libphonenumber-js/core';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';
import { refusal, type TIssueMessage } from './issue-message.js';

/** Why a typed number is refused: empty, another country's code (+33, 0044, 011 44…), or not a US number. */
export type TUsPhoneProblem = 'required' | 'not_us' | 'invalid';

export type TUsPhoneCheck =
  | { e164: string; problem?: undefined }
  | { e164?: undefined; problem: TUsPhoneProblem };

/** Shown for a number typed with another country's code (the service texts US numbers only). */
export const NOT_US_PHONE_ERROR = 'Only US phone numbers (+1) can be used.';

/**
 * Reads a typed US number without ever reinterpreting it: 10 digits, or 11 starting with 1, with or
 * without "+1" and punctuation. A leading "+", "00" or "011" followed by a code other than 1 is refused
 * as `not_us`; any other digit count is `invalid` (never sliced or padded).
 */
export function checkUsPhone(input: string): TUsPhoneCheck {
  const typed = input.trim();
  if (!typed) return { problem: 'required' };
  if (!/^\+?[\d\s().-]+$/.test(typed)) return { problem: 'invalid' };
  const digits = typed.replace(/\D/g, '');
  if (!digits) return { problem: 'invalid' };
  let national: string;
  if (typed.startsWith('+')) {
    if (!digits.startsWith('1')) return { problem: 'not_us' };
    national = digits.slice(1);
  } else if (digits.startsWith('011') || digits.startsWith('00')) {
    const afterExit = digits.slice(digits.startsWith('011') ? 3 : 2);
    if (!afterExit.startsWith('1')) return { problem: 'not_us' };
    national = afterExit.slice(1);
  } else if (digits.length === 11 && digits.startsWith('1')) {
    national = digits.slice(1);
  } else {
    national = digits;
  }
  if (national.length !== 10) return { problem: 'invalid' };
  const e164 = `+1${national}`;
  const phone = parsePhoneNumberFromString(e164);
  if (phone?.country !== 'US' || !phone.isValid()) return { problem: 'invalid' };
  return { e164 };
}

/** E.164 (+1XXXXXXXXXX) for a valid US number, else null. */
export function parseUsPhone(input: string): string | null {
  return checkUsPhone(input).e164 ?? null;
}

/** The refusal of a typed number (the server's field error; the web words it in each locale). */
export function usPhoneRefusal(problem: TUsPhoneProblem): TIssueMessage {
  if (problem === 'required') return refusal('phone_required');
  return problem === 'not_us' ? refusal('phone_not_us') : refusal('phone_invalid');
}

/** The number types libphonenumber-js checks a number against (isValid: any of them). */
const NUMBER_TYPES = [
  'FIXED_LINE',
  'MOBILE',
  'TOLL_FREE',
  'PREMIUM_RATE',
  'SHARED_COST',
  'VOIP',
  'PERSONAL_NUMBER',
  'PAGER',
  'UAN',
  'VOICEMAIL',
] as const;

type TPlanPatterns = {
  nationalNumberPattern(): string;
  type(name: string): { pattern(): string } | undefined;
};

/**
 * The E.164 numbers ("+1" and ten digits) checkUsPhone accepts, as a regex source: the patterns
 * libphonenumber-js's isValid() reads for US numbers. The API documents give it as the phone
 * field's `pattern` (decision 0053), so a number the document allows is one the server takes.
 */
export function usE164Pattern(): string {
  const plan = new Metadata(metadata);
  plan.selectNumberingPlan('US');
  const patterns = plan.numberingPlan as unknown as TPlanPatterns;
  const types = NUMBER_TYPES.map((name) => patterns.type(name)?.pattern()).filter(
    (pattern): pattern is string => Boolean(pattern),
  );
  return `^\\+1(?=(?:${patterns.nationalNumberPattern()})$)(?:${[...new Set(types)].join('|')})$`;
}
