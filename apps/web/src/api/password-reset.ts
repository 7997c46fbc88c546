// Typed calls for the visitor's password reset: request a link by email, verify the
// link's token (which texts a code to the account's phone), then set the new password. The shapes
// are the routes' own schemas (packages/shared/src/auth.ts).
import {
  authPasswordResetComplete,
  authPasswordResetRequest,
  authPasswordResetVerify,
  type TPasswordResetCompleteRequest,
  type TPasswordResetCompleteResponse,
  type TPasswordResetRequest,
  type TPasswordResetRequestResponse,
  type TPasswordResetVerifyRequest,
  type TPasswordResetVerifyResponse,
} from '@message-station/shared';
import { currentLanguage } from '../i18n';
import { call } from './call';

export type {
  TPasswordResetCompleteRequest,
  TPasswordResetVerifyResponse,
} from '@message-station/shared';

/** Answers the same whether or not the account exists; throws ApiError 400 for a missing bot check. */
export function requestPasswordReset(
  email: string,
  turnstileToken: string,
): Promise<TPasswordResetRequestResponse> {
  // The email comes back in the language the visitor reads the site in.
  const body: TPasswordResetRequest = { email, turnstileToken, language: currentLanguage() };
  return call(authPasswordResetRequest, { body });
}

/** Throws ApiError 400 'Invalid or expired token'. */
export function verifyPasswordResetToken(token: string): Promise<TPasswordResetVerifyResponse> {
  const body: TPasswordResetVerifyRequest = { token };
  return call(authPasswordResetVerify, { body });
}

/** Throws ApiError 400 with the reason (wrong code, weak password, expired link). */
export function completePasswordReset(
  request: TPasswordResetCompleteRequest,
): Promise<TPasswordResetCompleteResponse> {
  return call(authPasswordResetComplete, { body: request });
}
