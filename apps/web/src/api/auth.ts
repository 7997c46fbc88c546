// Typed calls for /auth (spec §7 Auth).
import { type TLoginRequest, type TSessionUser, ZSessionUser } from '@message-station/shared';
import { api } from './client';

/** The signed-in user; throws ApiError 401 when signed out (the reply still sets the CSRF cookie). */
export async function getSession(signal?: AbortSignal): Promise<TSessionUser> {
  return ZSessionUser.parse(await api<unknown>('/auth/session', { signal }));
}

/** Throws ApiError 401 'Invalid email or password', or 429 when rate limited. */
export async function login(credentials: TLoginRequest): Promise<TSessionUser> {
  return ZSessionUser.parse(await api<unknown>('/auth/login', { method: 'POST', body: credentials }));
}

export function logout(): Promise<{ ok: true }> {
  return api<{ ok: true }>('/auth/logout', { method: 'POST' });
}
