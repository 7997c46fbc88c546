// The endpoint table (decision 0067): My Account: password, sessions, two-factor sign-in, language, the station's two-factor rule (decision 0020).
import {
  type ZAccount,
  type ZAccountSessionList,
  ZChangePasswordRequest,
  ZDisableTwoFactorRequest,
  ZEnableTwoFactorRequest,
  type ZRecoveryCodes,
  type ZRevokedSessions,
  ZStationSecurity,
  type ZTwoFactorSetup,
} from '../account.js';
import { ZAccountLanguage, type ZOk } from '../auth.js';
import { ZSessionIdParams } from '../id-params.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/account */
export const accountGet = endpoint('GET', '/admin/api/account').returns<typeof ZAccount>();

/** POST /admin/api/account/password */
export const accountChangePassword = endpoint('POST', '/admin/api/account/password', {
  body: ZChangePasswordRequest,
}).returns<typeof ZRevokedSessions>();

/** GET /admin/api/account/sessions */
export const accountSessions = endpoint('GET', '/admin/api/account/sessions').returns<
  typeof ZAccountSessionList
>();

/** DELETE /admin/api/account/sessions/:id */
export const accountRevokeSession = endpoint('DELETE', '/admin/api/account/sessions/:id', {
  params: ZSessionIdParams,
}).returns<typeof ZOk>();

/** POST /admin/api/account/sessions/revoke-others */
export const accountRevokeOtherSessions = endpoint(
  'POST',
  '/admin/api/account/sessions/revoke-others',
).returns<typeof ZRevokedSessions>();

/** POST /admin/api/account/two-factor/setup */
export const accountTwoFactorSetup = endpoint('POST', '/admin/api/account/two-factor/setup').returns<
  typeof ZTwoFactorSetup
>();

/** POST /admin/api/account/two-factor/enable */
export const accountTwoFactorEnable = endpoint('POST', '/admin/api/account/two-factor/enable', {
  body: ZEnableTwoFactorRequest,
}).returns<typeof ZRecoveryCodes>();

/** POST /admin/api/account/two-factor/disable */
export const accountTwoFactorDisable = endpoint('POST', '/admin/api/account/two-factor/disable', {
  body: ZDisableTwoFactorRequest,
}).returns<typeof ZOk>();

/** PUT /admin/api/account/language */
export const accountLanguage = endpoint('PUT', '/admin/api/account/language', {
  body: ZAccountLanguage,
}).returns<typeof ZAccountLanguage>();

/** PUT /admin/api/station/security */
export const accountStationSecurity = endpoint('PUT', '/admin/api/station/security', {
  body: ZStationSecurity,
}).returns<typeof ZStationSecurity>();

/** The area's entries by name. */
export const accountEndpoints = {
  get: accountGet,
  changePassword: accountChangePassword,
  sessions: accountSessions,
  revokeSession: accountRevokeSession,
  revokeOtherSessions: accountRevokeOtherSessions,
  twoFactorSetup: accountTwoFactorSetup,
  twoFactorEnable: accountTwoFactorEnable,
  twoFactorDisable: accountTwoFactorDisable,
  language: accountLanguage,
  stationSecurity: accountStationSecurity,
};
