// Typed calls for My Account (decision 0020): password, sessions, two-factor sign-in, and the
// station's two-factor requirement.
import {
  accountChangePassword,
  accountGet,
  accountLanguage,
  accountRevokeOtherSessions,
  accountRevokeSession,
  accountSessions,
  accountStationSecurity,
  accountTwoFactorDisable,
  accountTwoFactorEnable,
  accountTwoFactorSetup,
  type TAccount,
  type TAccountLanguage,
  type TAccountSession,
  type TChangePasswordRequest,
  type TDisableTwoFactorRequest,
  type TEnableTwoFactorRequest,
  type TOk,
  type TRecoveryCodes,
  type TRevokedSessions,
  type TStationSecurity,
  type TTwoFactorSetup,
} from '@message-station/shared';
import { call } from './call';

export function getAccount(signal?: AbortSignal): Promise<TAccount> {
  return call(accountGet, { signal });
}

/** Every other session of the user ends; `revoked` says how many. */
export function changePassword(request: TChangePasswordRequest): Promise<TRevokedSessions> {
  return call(accountChangePassword, { body: request });
}

export function listSessions(signal?: AbortSignal): Promise<TAccountSession[]> {
  return call(accountSessions, { signal });
}

export function revokeSession(id: string): Promise<TOk> {
  return call(accountRevokeSession, { params: { id } });
}

export function revokeOtherSessions(): Promise<TRevokedSessions> {
  return call(accountRevokeOtherSessions);
}

export function startTwoFactorSetup(): Promise<TTwoFactorSetup> {
  return call(accountTwoFactorSetup);
}

/** The ten recovery codes come in this reply only. */
export function enableTwoFactor(code: string): Promise<TRecoveryCodes> {
  const body: TEnableTwoFactorRequest = { code };
  return call(accountTwoFactorEnable, { body });
}

export function disableTwoFactor(request: TDisableTwoFactorRequest): Promise<TOk> {
  return call(accountTwoFactorDisable, { body: request });
}

/** Keeps the interface language the user switched to: emails to them are written in it. */
export function setAccountLanguage(language: TAccountLanguage['language']): Promise<TAccountLanguage> {
  return call(accountLanguage, { body: { language } });
}

export function setStationSecurity(request: TStationSecurity): Promise<TStationSecurity> {
  return call(accountStationSecurity, { body: request });
}
