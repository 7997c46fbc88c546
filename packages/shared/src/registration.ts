// Signup API shapes. Messages are full sentences shown as given.
import { z } from 'zod';
import { LANGUAGE_CODES, MESSAGE_TYPE_KEYS, type TLanguageCode } from './constants.js';
import { refusalOf, type TErrorCode, type TErrorParamValue } from './error-codes.js';
import { email, httpUrl, newPassword, requiredText, ZBrandColor, ZUsPhone } from './fields.js';
import { refusal } from './issue-message.js';
import { ZStationTimeZone } from './schedules.js';
import { deriveStationId } from './station-id.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** The names the start request's email fields go by in its refusals ("Please enter a valid {{field}}."). */
const EMAIL_LABELS = { email: 'Email address', billing_email: 'Billing email' } as const;

/**
 * Step 1 of the signup wizard without the phone: the wizard checks the phone lazily (decision
 * 0062), the rest with this part of the start request (decision 0068).
 */
export const ZRegisterAccountStep = z.object({
  email: email(EMAIL_LABELS.email),
  password: newPassword(refusal('password_too_short')),
  admin_full_name: requiredText('Full name', TEXT_LIMITS.name),
  billing_email: email(EMAIL_LABELS.billing_email),
});

/** Step 2 of the signup wizard: the station's names. */
export const ZRegisterStationStep = z.object({
  station_name: requiredText('Station name', TEXT_LIMITS.name).refine(
    (name) => deriveStationId(name) !== '',
    refusal('station_name_letters'),
  ),
  display_name: requiredText('Display name', TEXT_LIMITS.name),
});

/** Step 3 of the signup wizard: the station's look, languages, time zone and legal pages. */
export const ZRegisterBrandingStep = z.object({
  brand_color: ZBrandColor.default('#007bff'),
  supported_languages: z
    .array(
      z.enum(
        LANGUAGE_CODES,
        refusal('supported_languages_unknown', { languages: LANGUAGE_CODES.join(', ') }),
      ),
    )
    .min(1, refusal('supported_language_required'))
    .max(LANGUAGE_CODES.length)
    .refine((list) => new Set(list).size === list.length, refusal('supported_languages_repeat'))
    .default(['en']),
  privacy_policy_url: httpUrl('Privacy policy URL'),
  terms_url: httpUrl('Terms URL'),
  /** Where the station is: its schedules and the times its pages show (the wizard offers the browser's). */
  time_zone: ZStationTimeZone.default('America/New_York'),
  /**
   * The language the station writes in (decision 0083), made one of its languages. Optional: without
   * it the station's primary is English when English is among its languages, else the first chosen.
   */
  primary_language: z
    .enum(LANGUAGE_CODES, refusal('primary_language_unknown', { languages: LANGUAGE_CODES.join(', ') }))
    .optional(),
});

export const ZRegisterStartRequest = z.object({
  email: ZRegisterAccountStep.shape.email,
  password: ZRegisterAccountStep.shape.password,
  phone_number: ZUsPhone,
  admin_full_name: ZRegisterAccountStep.shape.admin_full_name,
  billing_email: ZRegisterAccountStep.shape.billing_email,
  station_name: ZRegisterStationStep.shape.station_name,
  display_name: ZRegisterStationStep.shape.display_name,
  brand_color: ZRegisterBrandingStep.shape.brand_color,
  supported_languages: ZRegisterBrandingStep.shape.supported_languages,
  privacy_policy_url: ZRegisterBrandingStep.shape.privacy_policy_url,
  terms_url: ZRegisterBrandingStep.shape.terms_url,
  time_zone: ZRegisterBrandingStep.shape.time_zone,
  primary_language: ZRegisterBrandingStep.shape.primary_language,
  message_types: z
    .array(
      z.object({
        message_type: z.enum(MESSAGE_TYPE_KEYS, refusal('unknown_message_type')),
        /** The name step 4 showed, in `language`. */
        display_name: textField({ label: 'Message type name', max: TEXT_LIMITS.typeName }).optional(),
        description: textField({ label: 'Message type description', max: TEXT_LIMITS.typeDescription }),
        is_active: z.boolean(),
      }),
    )
    .max(MESSAGE_TYPE_KEYS.length)
    .refine(
      (list) => new Set(list.map((t) => t.message_type)).size === list.length,
      refusal('message_type_repeated'),
    )
    .default([]),
  /** The wizard's language: step 4's names and descriptions are in it. */
  language: z.enum(['en', 'es'], refusal('unknown_language')).default('en'),
  /** The bot check's payload (ALTCHA or Turnstile): the server texts no code without it (decision 0054). */
  turnstileToken: textField({ label: 'Bot check', max: TEXT_LIMITS.botCheckToken }).optional(),
});
export type TRegisterStartRequest = z.input<typeof ZRegisterStartRequest>;

/** A field of the start request. */
export type TRegisterStartField = keyof typeof ZRegisterStartRequest.shape;

/**
 * The fields each data step of the signup wizard asks for: the wizard checks them with
 * the very schemas the start call is validated with, so a rule lives only here.
 */
export const REGISTRATION_STEP_FIELDS = {
  account: ['admin_full_name', 'email', 'billing_email', 'password', 'phone_number'],
  station: ['station_name', 'display_name'],
  branding: [
    'brand_color',
    'supported_languages',
    'primary_language',
    'time_zone',
    'privacy_policy_url',
    'terms_url',
  ],
} as const satisfies Record<string, readonly TRegisterStartField[]>;
export type TRegistrationStep = keyof typeof REGISTRATION_STEP_FIELDS;

/**
 * Each data step's part of the start request, without the phone (decision 0062): what the
 * wizard checks a step with (decision 0068); REGISTRATION_STEP_FIELDS names the same fields and the phone.
 */
export const REGISTRATION_STEP_SCHEMAS = {
  account: ZRegisterAccountStep,
  station: ZRegisterStationStep,
  branding: ZRegisterBrandingStep,
} as const satisfies Record<TRegistrationStep, z.ZodObject>;

/**
 * The languages of the station a signup makes (decision 0083): the primary chosen in step 3, else
 * English when among the languages, else the first of them (the rule before the choice existed);
 * a primary left out of the languages is put first among them.
 */
export function signupStationLanguages(input: {
  supported_languages: readonly TLanguageCode[];
  primary_language?: TLanguageCode | null | undefined;
}): { primary: TLanguageCode; languages: TLanguageCode[] } {
  const chosen = input.supported_languages;
  const primary = input.primary_language ?? (chosen.includes('en') ? 'en' : (chosen[0] ?? 'en'));
  return { primary, languages: chosen.includes(primary) ? [...chosen] : [primary, ...chosen] };
}

/** A refusal as the server would answer it: its code and params (decision 0028). */
export type TFieldRefusal = { code: TErrorCode; params: Record<string, TErrorParamValue> };

/**
 * What the start call would refuse in one step's fields, by field: each field's first refusal,
 * with the code and params the server answers it with. Empty when the step is fine.
 */
export function registrationStepRefusals(
  step: TRegistrationStep,
  input: Partial<Record<TRegisterStartField, unknown>>,
): Partial<Record<TRegisterStartField, TFieldRefusal>> {
  const refusals: Partial<Record<TRegisterStartField, TFieldRefusal>> = {};
  for (const field of REGISTRATION_STEP_FIELDS[step]) {
    const [issue] = ZRegisterStartRequest.shape[field].safeParse(input[field]).error?.issues ?? [];
    if (issue) refusals[field] = refusalOf(issue.message);
  }
  return refusals;
}

/**
 * Whether a refusal of the start call is about an email address (the wizard then asks to fix the
 * email on step 1): a taken email, or a refused value of an email field, known by its code
 * and the field its params name.
 */
export function isRegistrationEmailRefusal(code: string | null, params: Record<string, unknown>): boolean {
  if (code === 'registration_email_taken' || code === 'email_taken' || code === 'email_required') return true;
  const field = typeof params.field === 'string' ? params.field.toLowerCase() : null;
  const emailFields: readonly string[] = Object.values(EMAIL_LABELS).map((label) => label.toLowerCase());
  return field !== null && emailFields.includes(field);
}

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
  .string({ error: refusal('verification_code_format') })
  .trim()
  .regex(/^\d{6}$/, refusal('verification_code_format'));

export const ZRegisterVerifyRequest = z.object({
  registration_id: z.uuid(refusal('registration_not_found')),
  verification_code: ZVerificationCode,
});

export const ZRegisterResendRequest = z.object({
  registration_id: z.uuid(refusal('registration_not_found')),
});
export const ZRegisterResendResponse = ZCodeDelivery;
export type TRegisterResendResponse = z.infer<typeof ZRegisterResendResponse>;
