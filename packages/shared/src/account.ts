// My Account (decision 0020): password, sessions, two-factor sign-in. The server answers codes in
// `code` beside `error`; the web words them in en and es.
import { z } from 'zod';
import { ZSessionUser } from './auth.js';
import { newPassword } from './fields.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** Codes the account and two-factor sign-in calls answer beside `error`. */
export const ACCOUNT_ERROR_CODES = {
  wrongPassword: 'wrong_password',
  samePassword: 'same_password',
  /** A wrong code at the sign-in step (401). */
  invalidCode: 'invalid_two_factor_code',
  /** A wrong code on My Account, when setting up or turning off (400). */
  rejectedCode: 'two_factor_code_rejected',
  challengeExpired: 'two_factor_challenge_expired',
  tooManyCodes: 'two_factor_too_many_codes',
  alreadyEnabled: 'two_factor_already_enabled',
  notEnabled: 'two_factor_not_enabled',
  setupNotStarted: 'two_factor_setup_not_started',
  requiredByStation: 'two_factor_required_by_station',
  setupRequired: 'two_factor_setup_required',
  enableOwnFirst: 'two_factor_enable_own_first',
} as const;
export type TAccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[keyof typeof ACCOUNT_ERROR_CODES];

export const TWO_FACTOR = {
  /** How long the code step of a sign-in stays open, and how many codes it takes. */
  challengeMinutes: 5,
  challengeAttempts: 5,
  /** Codes one account may try in an hour, over all its sign-ins: a password alone cannot brute-force. */
  codesPerHour: 10,
  recoveryCodeCount: 10,
  issuer: 'Message Station',
} as const;

/** The cookie that carries the code step of a sign-in (only for accounts with two-factor on). */
export const LOGIN_CHALLENGE_COOKIE = 'login_challenge';

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces and hyphens are ignored. */
const ZCode = textField({
  label: 'Code',
  max: TEXT_LIMITS.signInCode,
  required: refusal('code_required'),
  tooLong: refusal('code_required'),
});
const ZTotpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, refusal('two_factor_code_format'));

const ZNewPassword = newPassword(refusal('password_too_short'));
const ZCurrentPassword = z
  .string()
  .min(1, refusal('current_password_required'))
  .max(TEXT_LIMITS.password, refusal('field_too_long', { field: 'Password', max: TEXT_LIMITS.password }));

/** POST /auth/login when the account has two-factor on: no session yet, the code step is next. */
export const ZTwoFactorChallenge = z.object({ twoFactorRequired: z.literal(true) });
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** What POST /auth/login answers: the user, or the code step when two-factor sign-in is on. */
export const ZLoginResponse = z.union([ZSessionUser, ZTwoFactorChallenge]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZLoginTwoFactorRequest = z.object({ code: ZCode });
export type TLoginTwoFactorRequest = z.infer<typeof ZLoginTwoFactorRequest>;

export const ZChangePasswordRequest = z.object({
  currentPassword: ZCurrentPassword,
  newPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZAccountSession = z.object({
  id: z.string(),
  /** The session of this browser. */
  current: z.boolean(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
});
export type TAccountSession = z.infer<typeof ZAccountSession>;
/** GET /admin/api/account/sessions. */
export const ZAccountSessionList = z.array(ZAccountSession);

export const ZAccount = z.object({
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
  /** Station security, for the station's admins (null for other users). */
  station: z.object({ requireTwoFactor: z.boolean() }).nullable(),
});
export type TAccount = z.infer<typeof ZAccount>;

export const ZTwoFactorSetup = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  uri: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZEnableTwoFactorRequest = z.object({ code: ZTotpCode });
export type TEnableTwoFactorRequest = z.input<typeof ZEnableTwoFactorRequest>;
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZDisableTwoFactorRequest = z.object({
  password: ZCurrentPassword,
  code: ZCode,
});
export type TDisableTwoFactorRequest = z.infer<typeof ZDisableTwoFactorRequest>;

export const ZStationSecurity = z.object({ requireTwoFactor: z.boolean() });
export type TStationSecurity = z.infer<typeof ZStationSecurity>;

export const ZRevokedSessions = z.object({ revoked: z.number().int() });
export type TRevokedSessions = z.infer<typeof ZRevokedSessions>;
