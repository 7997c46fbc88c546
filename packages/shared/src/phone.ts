import { TEXT_LIMITS } from './text-limits.js';

/** Shows a US number as (XXX) XXX-XXXX; anything else is returned unchanged. */
export function formatUsPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}

/**
 * Formats partial input while typing: "5551234567" → "(555) 123-4567" (14 characters at most), a
 * leading country code 1 dropped. Input that is not a US number being typed — a "+" not followed by 1,
 * a leading 0 ("00 33…", "011 44…") or more than ten national digits — is kept as typed, so the
 * refusal (checkUsPhone) is visible and nothing is sliced into someone else's number.
 */
export function formatPhoneInput(input: string): string {
  const typed = input.trimStart();
  const digits = typed.replace(/\D/g, '');
  const keepAsTyped =
    (typed.startsWith('+') && !digits.startsWith('1')) ||
    digits.startsWith('0') ||
    (digits.startsWith('1') ? digits.length > 11 : digits.length > 10) ||
    digits === '1';
  if (keepAsTyped) return typed.slice(0, TEXT_LIMITS.phone);
  const national = digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length <= 3) return national.length ? `(${national}` : '';
  if (national.length <= 6) return `(${national.slice(0, 3)}) ${national.slice(3)}`;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
