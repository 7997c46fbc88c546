// Field schemas shared by several request bodies; their messages are full sentences shown as given.
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { checkUsPhone, INVALID_US_PHONE_ERROR, usPhoneErrorText } from './phone-validation.js';
import { isStorableText, TEXT_LIMITS, textField, tooLongText, UNSTORABLE_TEXT_ERROR } from './text-field.js';

/** Required text: `message` when blank, "{label} must be at most {max} characters." when over. */
export const requiredText = (message: string, max: number) =>
  textField({ label: message.replace(/ is required\.?$/, ''), max, required: message });

export const email = (label: string) =>
  textField({ label, max: TEXT_LIMITS.email, required: `${label} is required.` })
    .toLowerCase()
    .pipe(z.email(`Please enter a valid ${label.toLowerCase()}.`));

/** An http(s) address; `emptyMessage` replaces "{label} is required." where the spec words it. */
export const httpUrl = (label: string, emptyMessage = `${label} is required.`) =>
  textField({ label, max: TEXT_LIMITS.url, required: emptyMessage }).refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, `${label} must be a valid http(s) URL.`);

/** A new password: kept exactly as typed (never trimmed), at least 8 characters. */
export const newPassword = (tooShort: string) =>
  z
    .string({ error: tooShort })
    .refine(isStorableText, UNSTORABLE_TEXT_ERROR)
    .min(LIMITS.passwordMinLength, tooShort)
    .max(TEXT_LIMITS.password, tooLongText('Password', TEXT_LIMITS.password));

/** A colour as stations give it and CSS takes it: '#' and six hex digits (brand and type colours). */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const ZBrandColor = z
  .string()
  .trim()
  .regex(HEX_COLOR_PATTERN, 'Brand color must be a hex color such as #007bff.')
  .transform((value) => value.toLowerCase());

/** A US number as E.164; another country's number is refused, never reinterpreted (see checkUsPhone). */
export const ZUsPhone = z
  .string({ error: 'Phone number is required.' })
  .refine(isStorableText, UNSTORABLE_TEXT_ERROR)
  .trim()
  .min(1, 'Phone number is required.')
  .max(TEXT_LIMITS.phone, INVALID_US_PHONE_ERROR)
  .transform((value, ctx) => {
    const checked = checkUsPhone(value);
    if (checked.problem) {
      ctx.addIssue({ code: 'custom', message: usPhoneErrorText(checked.problem) });
      return z.NEVER;
    }
    return checked.e164;
  });
