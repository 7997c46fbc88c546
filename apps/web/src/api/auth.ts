// Typed calls for /auth (spec §7 Auth). Replies are typed by the shared schemas; they are not
// re-validated here so zod stays out of the public pages' bundle.
import type { TLoginRequest, TSessionUser } from '@message-station/shared';
import { api } from './client';

/** The signed-in user; throws ApiError 401 when signed out (the reply still sets the CSRF cookie). */
export function getSession(signal?: AbortSignal): Promise<TSessionUser> {
  return api<TSessionUser>('/auth/session', { signal });
}

/** Throws ApiError 401 'Invalid email or password', or 429 when rate limited. */
export function login(credentials: TLoginRequest): Promise<TSessionUser> {
  return api<TSessionUser>('/auth/login', { method: 'POST', body: credentials });
}

export function logout(): Promise<{ ok: true }> {
  return api<{ ok: true }>('/auth/logout', { method: 'POST' });
}
