// Field schemas shared by several request bodies; their messages are full sentences shown as given.
import { z } from 'zod';
import { parseUsPhone } from './phone-validation.js';

export const requiredText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required\.?$/, '')} is too long.`);

export const email = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .toLowerCase()
    .min(1, `${label} is required.`)
    .max(320, `${label} is too long.`)
    .pipe(z.email(`Please enter a valid ${label.toLowerCase()}.`));

/** An http(s) address; `emptyMessage` replaces "{label} is required." where the spec words it. */
export const httpUrl = (label: string, emptyMessage = `${label} is required.`) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(2000, `${label} is too long.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `${label} must be a valid http(s) URL.`);

export const ZBrandColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Brand color must be a hex color such as #007bff.')
  .transform((value) => value.toLowerCase());

export const ZUsPhone = z
  .string({ error: 'Phone number is required.' })
  .trim()
  .min(1, 'Phone number is required.')
  .transform((value, ctx) => {
    const e164 = parseUsPhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: 'Please enter a valid US phone number.' });
      return z.NEVER;
    }
    return e164;
  });
