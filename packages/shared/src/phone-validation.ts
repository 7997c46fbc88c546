// US phone numbers, checked with libphonenumber-js (never by hand). Kept apart from phone.ts so
// pages that only format numbers do not pull in the metadata.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** E.164 (+1XXXXXXXXXX) for a valid US number, else null. */
export function parseUsPhone(input: string): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), 'US');
  if (phone?.country !== 'US' || !phone.isValid()) return null;
  return phone.number;
}
