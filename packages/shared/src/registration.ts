// Signup API shapes (spec §7 Registration). Messages are full sentences shown as given.
import { z } from 'zod';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS } from './constants.js';
import { email, httpUrl, newPassword, requiredText, ZBrandColor, ZUsPhone } from './fields.js';
import { deriveStationId } from './station-id.js';
import { TEXT_LIMITS, textField } from './text-field.js';

export const ZRegisterStartRequest = z
  .object({
    email: email('Email address'),
    password: newPassword('Password must be at least 8 characters long.'),
    phone_number: ZUsPhone,
    admin_full_name: requiredText('Full name is required.', TEXT_LIMITS.name),
    billing_email: email('Billing email'),
    station_name: requiredText('Station name is required.', TEXT_LIMITS.name),
    display_name: requiredText('Display name is required.', TEXT_LIMITS.name),
    brand_color: ZBrandColor.default('#007bff'),
    supported_languages: z
      .array(z.enum(LANGUAGE_CODES, `Supported languages must be among: ${LANGUAGE_CODES.join(', ')}.`))
      .min(1, 'Choose at least one supported language.')
      .max(LANGUAGE_CODES.length)
      .refine((list) => new Set(list).size === list.length, 'Supported languages must not repeat.')
      .default(['en']),
    privacy_policy_url: httpUrl('Privacy policy URL'),
    terms_url: httpUrl('Terms URL'),
    message_types: z
      .array(
        z.object({
          message_type: z.enum(MESSAGE_TYPE_KEYS, 'Unknown message type.'),
          /** The name step 4 showed, in `language`. */
          display_name: textField({ label: 'Message type name', max: TEXT_LIMITS.typeName }).optional(),
          description: textField({ label: 'Message type description', max: TEXT_LIMITS.typeDescription }),
          is_active: z.boolean(),
        }),
      )
      .max(MESSAGE_TYPE_KEYS.length)
      .refine(
        (list) => new Set(list.map((t) => t.message_type)).size === list.length,
        'Each message type may appear only once.',
      )
      .default([]),
    /** The wizard's language: step 4's names and descriptions are in it (issue 16). */
    language: z.enum(['en', 'es'], 'Unknown language.').default('en'),
  })
  .superRefine((value, ctx) => {
    if (value.station_name && !deriveStationId(value.station_name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['station_name'],
        message: 'Station name must contain letters or digits.',
      });
    }
  });
export type TRegisterStartRequest = z.input<typeof ZRegisterStartRequest>;

const ZCodeDelivery = z.object({
  code_expires_at: z.string(),
  resend_available_at: z.string(),
  /** Only in test mode (dev outbox, or SMS_TEST_MODE=true). */
  test_code: z.string().optional(),
});

export const ZRegisterStartResponse = ZCodeDelivery.extend({
  registration_id: z.string(),
  expires_at: z.string(),
  phone_last4: z.string(),
});
export type TRegisterStartResponse = z.infer<typeof ZRegisterStartResponse>;

export const ZVerificationCode = z
  .string({ error: 'Please enter the 6-digit verification code.' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit verification code.');

export const ZRegisterVerifyRequest = z.object({
  registration_id: z.uuid('Registration not found. Please start over.'),
  verification_code: ZVerificationCode,
});

export const ZRegisterResendRequest = z.object({
  registration_id: z.uuid('Registration not found. Please start over.'),
});
export const ZRegisterResendResponse = ZCodeDelivery;
export type TRegisterResendResponse = z.infer<typeof ZRegisterResendResponse>;
