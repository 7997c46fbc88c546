// The endpoint table (decision 0067): Signing in and out, password resets and invitation links.
import { type ZLoginResponse, ZLoginTwoFactorRequest } from '../account.js';
import {
  ZLoginRequest,
  type ZOk,
  ZPasswordResetCompleteRequest,
  type ZPasswordResetCompleteResponse,
  ZPasswordResetRequest,
  type ZPasswordResetRequestResponse,
  ZPasswordResetVerifyRequest,
  type ZPasswordResetVerifyResponse,
  type ZSessionUser,
} from '../auth.js';
import { ZAcceptInvitationRequest, type ZInvitationPreview, ZInvitationTokenParams } from '../users.js';
import { endpoint } from './endpoint.js';

/**
 * GET /auth/session's query: `optional: 'true'` asks for 200 and null when no one is signed in, in
 * place of the 401 other clients get (decision 0078). The route checks it with its own schema.
 */
export type TSessionQuery = { optional?: 'true' | 'false' };

/** GET /auth/session */
export const authSession = endpoint('GET', '/auth/session').returns<
  typeof ZSessionUser | null,
  { query: TSessionQuery }
>();

/** POST /auth/login */
export const authLogin = endpoint('POST', '/auth/login', { body: ZLoginRequest }).returns<
  typeof ZLoginResponse
>();

/** POST /auth/login/two-factor */
export const authLoginTwoFactor = endpoint('POST', '/auth/login/two-factor', {
  body: ZLoginTwoFactorRequest,
}).returns<typeof ZSessionUser>();

/** POST /auth/logout */
export const authLogout = endpoint('POST', '/auth/logout').returns<typeof ZOk>();

/** POST /auth/password-reset/request */
export const authPasswordResetRequest = endpoint('POST', '/auth/password-reset/request', {
  body: ZPasswordResetRequest,
}).returns<typeof ZPasswordResetRequestResponse>();

/** POST /auth/password-reset/verify */
export const authPasswordResetVerify = endpoint('POST', '/auth/password-reset/verify', {
  body: ZPasswordResetVerifyRequest,
}).returns<typeof ZPasswordResetVerifyResponse>();

/** POST /auth/password-reset/complete */
export const authPasswordResetComplete = endpoint('POST', '/auth/password-reset/complete', {
  body: ZPasswordResetCompleteRequest,
}).returns<typeof ZPasswordResetCompleteResponse>();

/** GET /auth/invitations/:token */
export const authInvitation = endpoint('GET', '/auth/invitations/:token', {
  params: ZInvitationTokenParams,
}).returns<typeof ZInvitationPreview>();

/** POST /auth/invitations/accept */
export const authAcceptInvitation = endpoint('POST', '/auth/invitations/accept', {
  body: ZAcceptInvitationRequest,
}).returns<typeof ZSessionUser>();

/** The area's entries by name. */
export const authEndpoints = {
  session: authSession,
  login: authLogin,
  loginTwoFactor: authLoginTwoFactor,
  logout: authLogout,
  passwordResetRequest: authPasswordResetRequest,
  passwordResetVerify: authPasswordResetVerify,
  passwordResetComplete: authPasswordResetComplete,
  invitation: authInvitation,
  acceptInvitation: authAcceptInvitation,
};
