// Typed calls for the admin Users page (spec §7 Admin users calls): the station's users, adding,
// editing and deleting them, their desktop-app API keys, and the admin-sent password reset.
import {
  ADMIN_RESET_CAPTCHA_TOKEN,
  type TApiKeyCreated,
  type TCreateUserRequest,
  type TStationUser,
  type TUpdateUserRequest,
} from '@message-station/shared';
import { api } from './client';

function userPath(id: string): string {
  return `/admin/api/users/${encodeURIComponent(id)}`;
}

export function listUsers(signal?: AbortSignal): Promise<TStationUser[]> {
  return api<TStationUser[]>('/admin/api/users', { signal });
}

/** 201 with the new user; 409 when the email is taken. */
export function createUser(request: TCreateUserRequest): Promise<TStationUser> {
  return api<TStationUser>('/admin/api/users', { method: 'POST', body: request });
}

/** Admin accounts answer 403: they cannot be edited through the interface. */
export function updateUser(id: string, request: TUpdateUserRequest): Promise<TStationUser> {
  return api<TStationUser>(userPath(id), { method: 'PUT', body: request });
}

/** Admin accounts answer 403: they cannot be deleted through the interface. */
export function deleteUser(id: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(userPath(id), { method: 'DELETE' });
}

/**
 * Generates the user's key, or replaces it (the old one stops working at once). The reply is
 * the only time the whole key is sent; 409 with the reason when API access is off.
 */
export function generateApiKey(id: string): Promise<TApiKeyCreated> {
  return api<TApiKeyCreated>(`${userPath(id)}/api-key`, { method: 'POST' });
}

export function revokeApiKey(id: string): Promise<TStationUser> {
  return api<TStationUser>(`${userPath(id)}/api-key`, { method: 'DELETE' });
}

/**
 * Emails the user a reset link; they confirm a code sent by SMS before choosing a new password.
 * The bot check is replaced by the fixed token the server accepts from a signed-in admin (spec §5).
 */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return api<{ message: string }>('/auth/password-reset/request', {
    method: 'POST',
    body: { email, turnstileToken: ADMIN_RESET_CAPTCHA_TOKEN },
  });
}
