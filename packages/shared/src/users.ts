// Station user shapes.
import { z } from 'zod';
import { ZUiLanguage } from './auth.js';
import { USER_ROLES } from './constants.js';
import { email, newPassword, requiredText, ZUsPhone } from './fields.js';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

export const USER_ERRORS = {
  deleteAdmin: 'Admin accounts cannot be deleted through the interface. Please contact support.',
  editAdmin: 'Admin accounts cannot be edited through the interface. Please contact support.',
  emailTaken: 'A user with this email address already exists.',
  /** Add User for an address with a live invitation in this station. */
  invitationPending: 'An invitation for this email address is already pending.',
  invitationNotFound: 'Invitation not found',
  /** Every refused invitation link: unknown, expired, revoked, used, or its address got an account. */
  invitationInvalid: 'This invitation link is not valid or has expired.',
  password: 'Password must be at least 8 characters.',
  accessOff: 'API access is turned off for this user.',
  accessNeedsPlan: 'API access needs an active subscription or free trial.',
} as const;

/** Codes beside `error` on Add User and invitation refusals; the web words them (en, es). */
export const INVITATION_ERROR_CODES = {
  emailTaken: 'email_taken',
  pending: 'invitation_pending',
  invalid: 'invitation_invalid',
} as const;
export type TInvitationErrorCode = (typeof INVITATION_ERROR_CODES)[keyof typeof INVITATION_ERROR_CODES];

export const ZStationUser = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(USER_ROLES),
  api_access_enabled: z.boolean(),
  /** Why API access is off; null when it is on. */
  api_access_reason: z.string().nullable(),
  /** The same as a code (ERROR_CODES) the web words in its language (decision 0028). */
  api_access_reason_code: z.enum(['api_access_off', 'api_access_needs_plan']).nullable(),
  /** The key's visible start (e.g. "ms-3fa9c02b…"); the full key is shown once, when created. */
  api_key: z.string().nullable(),
  api_key_created_at: z.string().nullable(),
  api_key_last_used_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type TStationUser = z.infer<typeof ZStationUser>;
/** GET /admin/api/users. */
export const ZStationUserList = z.array(ZStationUser);

/** A user's name and email as Add User and Edit User take them (the web's forms check the same). */
export const ZUserNameAndEmail = z.object({
  full_name: requiredText('Full name', TEXT_LIMITS.name),
  email: email('Email', refusal('contact_email_required')),
});
export type TUserNameAndEmail = z.input<typeof ZUserNameAndEmail>;

export const ZCreateUserRequest = ZUserNameAndEmail.extend({
  phone_number: ZUsPhone,
  role: z.enum(USER_ROLES, refusal('role_invalid')).default('user'),
  /** Lets the user sign the desktop app in with an API key. */
  api_access_enabled: z.boolean().default(true),
  /** The admin's interface language: the invitation email is written in it (en or es). */
  language: z.enum(['en', 'es']).optional(),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;

/**
 * Add User invites (decision 0025): the account is created when the invitee accepts, so the
 * answer is the same whether or not the address has an account of another station.
 */
export const ZUserInvitation = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(USER_ROLES),
  /** 'expired' only in the pending list, for a link past its date (Resend makes a new one). */
  status: z.enum(['invited', 'expired']),
  expires_at: z.string(),
  created_at: z.string(),
});
export type TUserInvitation = z.infer<typeof ZUserInvitation>;
/** GET /admin/api/invitations: the pending ones. */
export const ZUserInvitationList = z.array(ZUserInvitation);

/** GET /auth/invitations/{token}: what the accept page shows. */
export const ZInvitationPreview = z.object({
  station_display_name: z.string(),
  email: z.string(),
  full_name: z.string(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZInvitationToken = textField({
  label: 'Invitation token',
  max: TEXT_LIMITS.token,
  required: refusal('invitation_invalid'),
});

export const ZAcceptInvitationRequest = z.object({
  token: ZInvitationToken,
  password: newPassword(refusal('password_too_short')),
  full_name: requiredText('Full name', TEXT_LIMITS.name),
  /** The page's language: the new account's (emails to them are written in it). */
  language: ZUiLanguage.optional(),
});
export type TAcceptInvitationRequest = z.input<typeof ZAcceptInvitationRequest>;

/** Days an invitation link works (constants.ts, beside the emails that say it). */
export { INVITATION_DAYS } from './constants.js';

export const ZUpdateUserRequest = ZUserNameAndEmail.extend({
  phone_number: ZUsPhone.nullable().optional(),
  api_access_enabled: z.boolean().optional(),
});
export type TUpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** POST /admin/api/users/{id}/api-key: the only time the whole key is sent. */
export const ZApiKeyCreated = z.object({
  api_key: z.string(),
  user: ZStationUser,
});
export type TApiKeyCreated = z.infer<typeof ZApiKeyCreated>;

/** POST /admin/api/invitations/{id}/resend: the new email is written in the admin's language. */
export const ZResendInvitationRequest = z.object({ language: z.enum(['en', 'es']).optional() }).optional();
export type TResendInvitationRequest = z.input<typeof ZResendInvitationRequest>;

/** GET /auth/invitations/{token}: the link's token as the path carries it. */
export const ZInvitationTokenParams = z.object({ token: ZInvitationToken });

/** GET /agent/v1/session: the desktop app's Station ID and `Bearer` API key (checked by the route). */
export const ZApiKeyAuthHeaders = z.object({
  'x-station-id': textField({ label: 'X-Station-ID', max: TEXT_LIMITS.slug }).optional(),
  authorization: textField({ label: 'Authorization', max: TEXT_LIMITS.token }).optional(),
});

/** Who an API key signs in: its station and its user. */
export const ZApiKeyAuthResponse = z.object({
  station: z.object({ id: z.string(), slug: z.string(), display_name: z.string() }),
  user: z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: z.string() }),
});
export type TApiKeyAuthResponse = z.infer<typeof ZApiKeyAuthResponse>;
