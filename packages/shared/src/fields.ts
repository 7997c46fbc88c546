// Field schemas shared by several request bodies; their refusals are catalogue codes (decision 0068).
import { z } from 'zod';
import { LIMITS } from './constants.js';
import { refusal, type TIssueMessage } from './issue-message.js';
import { checkUsPhone, usPhoneRefusal } from './phone-validation.js';
import { isStorableText, TEXT_LIMITS, textField } from './text-field.js';

/** Required text: `required` (field_required) when blank, field_too_long when over. */
export const requiredText = (
  label: string,
  max: number,
  required: TIssueMessage = refusal('field_required', { field: label }),
) => textField({ label, max, required });

export const email = (label: string, required: TIssueMessage = refusal('field_required', { field: label })) =>
  textField({ label, max: TEXT_LIMITS.email, required })
    .toLowerCase()
    .pipe(z.email(refusal('email_invalid', { field: label.toLowerCase() })));

/** An http(s) address; `required` replaces field_required where the spec words it otherwise. */
export const httpUrl = (
  label: string,
  required: TIssueMessage = refusal('field_required', { field: label }),
) =>
  textField({ label, max: TEXT_LIMITS.url, required }).refine(
    (value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    },
    refusal('url_invalid', { field: label }),
  );

/** A new password: kept exactly as typed (never trimmed), at least 8 characters. */
export const newPassword = (tooShort: TIssueMessage) =>
  z
    .string({ error: tooShort })
    .refine(isStorableText, refusal('unstorable_text'))
    .min(LIMITS.passwordMinLength, tooShort)
    .max(TEXT_LIMITS.password, refusal('field_too_long', { field: 'Password', max: TEXT_LIMITS.password }));

/** A colour as stations give it and CSS takes it: '#' and six hex digits (brand and type colours). */
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const ZBrandColor = z
  .string()
  .trim()
  .regex(HEX_COLOR_PATTERN, refusal('brand_color_invalid'))
  .transform((value) => value.toLowerCase());

/** A US number as E.164; another country's number is refused, never reinterpreted (see checkUsPhone). */
export const ZUsPhone = z
  .string({ error: refusal('phone_required') })
  .refine(isStorableText, refusal('unstorable_text'))
  .trim()
  .min(1, refusal('phone_required'))
  .max(TEXT_LIMITS.phone, refusal('phone_invalid'))
  .transform((value, ctx) => {
    const checked = checkUsPhone(value);
    if (checked.problem) {
      ctx.addIssue({ code: 'custom', message: usPhoneRefusal(checked.problem) });
      return z.NEVER;
    }
    return checked.e164;
  });
