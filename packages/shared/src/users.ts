// Station user shapes (spec §3 Station user, §5 Add user / Edit user, §7 users calls).
import { z } from 'zod';
import { USER_ROLES } from './constants.js';
import { email, newPassword, requiredText, ZUsPhone } from './fields.js';
import { TEXT_LIMITS } from './text-field.js';

export const USER_ERRORS = {
  deleteAdmin: 'Admin accounts cannot be deleted through the interface. Please contact support.',
  editAdmin: 'Admin accounts cannot be edited through the interface. Please contact support.',
  emailTaken: 'A user with this email address already exists.',
  password: 'Password must be at least 8 characters.',
  accessOff: 'API access is turned off for this user.',
  accessNeedsPlan: 'API access needs an active subscription or free trial.',
} as const;

export const ZStationUser = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: z.enum(USER_ROLES),
  api_access_enabled: z.boolean(),
  /** Why API access is off; null when it is on. */
  api_access_reason: z.string().nullable(),
  /** The key's visible start (e.g. "ms-3fa9c02b…"); the full key is shown once, when created. */
  api_key: z.string().nullable(),
  api_key_created_at: z.string().nullable(),
  api_key_last_used_at: z.string().nullable(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
});
export type TStationUser = z.infer<typeof ZStationUser>;

export const ZCreateUserRequest = z.object({
  full_name: requiredText('Full name is required.', TEXT_LIMITS.name),
  email: email('Email'),
  phone_number: ZUsPhone,
  password: newPassword(USER_ERRORS.password),
  role: z.enum(USER_ROLES, 'Role must be admin or user.').default('user'),
  /** Lets the user sign the desktop app in with an API key. */
  api_access_enabled: z.boolean().default(true),
});
export type TCreateUserRequest = z.input<typeof ZCreateUserRequest>;

export const ZUpdateUserRequest = z.object({
  full_name: requiredText('Full name is required.', TEXT_LIMITS.name),
  email: email('Email'),
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
