// Typed calls for My Account (decision 0020): password, sessions, two-factor sign-in, and the
// station's two-factor requirement.
import type {
  TAccount,
  TAccountLanguage,
  TAccountSession,
  TChangePasswordRequest,
  TDisableTwoFactorRequest,
  TEnableTwoFactorRequest,
  TOk,
  TRecoveryCodes,
  TRevokedSessions,
  TStationSecurity,
  TTwoFactorSetup,
} from '@message-station/shared';
import { api } from './client';

export function getAccount(signal?: AbortSignal): Promise<TAccount> {
  return api<TAccount>('/admin/api/account', { signal });
}

/** Every other session of the user ends; `revoked` says how many. */
export function changePassword(request: TChangePasswordRequest): Promise<TRevokedSessions> {
  return api<TRevokedSessions>('/admin/api/account/password', { method: 'POST', body: request });
}

export function listSessions(signal?: AbortSignal): Promise<TAccountSession[]> {
  return api<TAccountSession[]>('/admin/api/account/sessions', { signal });
}

export function revokeSession(id: string): Promise<TOk> {
  return api<TOk>(`/admin/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function revokeOtherSessions(): Promise<TRevokedSessions> {
  return api<TRevokedSessions>('/admin/api/account/sessions/revoke-others', { method: 'POST' });
}

export function startTwoFactorSetup(): Promise<TTwoFactorSetup> {
  return api<TTwoFactorSetup>('/admin/api/account/two-factor/setup', { method: 'POST' });
}

/** The ten recovery codes come in this reply only. */
export function enableTwoFactor(code: string): Promise<TRecoveryCodes> {
  const body: TEnableTwoFactorRequest = { code };
  return api<TRecoveryCodes>('/admin/api/account/two-factor/enable', { method: 'POST', body });
}

export function disableTwoFactor(request: TDisableTwoFactorRequest): Promise<TOk> {
  return api<TOk>('/admin/api/account/two-factor/disable', { method: 'POST', body: request });
}

/** Keeps the interface language the user switched to: emails to them are written in it. */
export function setAccountLanguage(language: TAccountLanguage['language']): Promise<TAccountLanguage> {
  return api<TAccountLanguage>('/admin/api/account/language', { method: 'PUT', body: { language } });
}

export function setStationSecurity(request: TStationSecurity): Promise<TStationSecurity> {
  return api<TStationSecurity>('/admin/api/station/security', { method: 'PUT', body: request });
}
