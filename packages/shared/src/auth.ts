// Auth request/response shapes.
import { z } from 'zod';
import { USER_ROLES } from './constants.js';
import { newPassword } from './fields.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

const ZAccountEmail = textField({
  label: 'Email',
  max: TEXT_LIMITS.email,
  required: refusal('email_required'),
});

/** The interface languages (en, es): emails to a user are written in the one they last used. */
export const ZUiLanguage = z.enum(['en', 'es'], refusal('unknown_language'));

/** PUT /admin/api/account/language: the interface language a signed-in user switched to. */
export const ZAccountLanguage = z.object({ language: ZUiLanguage });
export type TAccountLanguage = z.infer<typeof ZAccountLanguage>;

export const ZLoginRequest = z.object({
  email: ZAccountEmail,
  password: z
    .string()
    .min(1, refusal('password_required'))
    .max(TEXT_LIMITS.password, refusal('field_too_long', { field: 'Password', max: TEXT_LIMITS.password })),
  /** The page's language: kept as the user's (users.language) once the password is right. */
  language: ZUiLanguage.optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** What GET /auth/session and POST /auth/login answer: the signed-in user. */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: z.enum(USER_ROLES),
  isSuperadmin: z.boolean(),
  stationId: z.string(),
  stationSlug: z.string(),
  stationName: z.string(),
  stationLogoUrl: z.string().nullable(),
  /** Station a superadmin is currently viewing as admin, else null. */
  viewingStationId: z.string().nullable(),
  /** An admin of a station that requires two-factor sign-in, without it yet: set it up first. */
  twoFactorSetupRequired: z.boolean().optional(),
  /**
   * Sent (true) until the user signs in a second time: the session their account began with, or
   * their first sign-in. The dashboard greets 'Welcome' then, 'Welcome back' after.
   */
  firstVisit: z.boolean().optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof ZOk>;

/**
 * Every refusal (decision 0028): `error` the English text, `code` a stable ERROR_CODES key the
 * client words itself, `params` the values its text names.
 */
export const ZErrorResponse = z.object({
  error: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** With code 'rate_limited' (decision 0019): which limit refused, and how long to wait. */
  rate_limit: z.string().optional(),
  retry_after_seconds: z.number().int().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/**
 * The fixed bot-check value the admin Users page sends with a reset request; the
 * server accepts it only from a signed-in admin of the user's own station.
 */
export const ADMIN_RESET_CAPTCHA_TOKEN = 'admin-users-page';

export const ZPasswordResetRequest = z.object({
  email: ZAccountEmail,
  turnstileToken: textField({ label: 'Bot check', max: TEXT_LIMITS.botCheckToken }).optional(),
  /** The interface language of the person asking: the email is written in it (en or es). */
  language: z.enum(['en', 'es']).optional(),
});
export const ZPasswordResetRequestResponse = z.object({ message: z.string() });
export type TPasswordResetRequest = z.input<typeof ZPasswordResetRequest>;
export type TPasswordResetRequestResponse = z.infer<typeof ZPasswordResetRequestResponse>;

/** The token of an emailed reset link; a missing one is refused in the words of an unusable link. */
const ZResetToken = textField({
  label: 'Reset token',
  max: TEXT_LIMITS.token,
  required: refusal('invalid_value', { detail: 'Invalid or missing reset token' }),
});

/** POST /auth/password-reset/verify: checks the link and texts a code to the account's phone. */
export const ZPasswordResetVerifyRequest = z.object({ token: ZResetToken });
export type TPasswordResetVerifyRequest = z.input<typeof ZPasswordResetVerifyRequest>;

/** The end of the phone the code went to, when it expires and may be sent again; the code in test mode. */
export const ZPasswordResetVerifyResponse = z.object({
  phone_last4: z.string(),
  code_expires_at: z.string(),
  resend_available_at: z.string(),
  test_code: z.string().optional(),
});
export type TPasswordResetVerifyResponse = z.infer<typeof ZPasswordResetVerifyResponse>;

/** POST /auth/password-reset/complete: the texted code and the new password; every session ends. */
export const ZPasswordResetCompleteRequest = z.object({
  token: ZResetToken,
  verificationCode: z
    .string()
    .regex(/^\d{6}$/, refusal('invalid_value', { detail: 'Please enter the 6-digit verification code' })),
  newPassword: newPassword(refusal('invalid_value', { detail: 'Password must be at least 8 characters' })),
});
export type TPasswordResetCompleteRequest = z.input<typeof ZPasswordResetCompleteRequest>;

export const ZPasswordResetCompleteResponse = z.object({ message: z.string() });
export type TPasswordResetCompleteResponse = z.infer<typeof ZPasswordResetCompleteResponse>;
