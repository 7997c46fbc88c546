// Typed calls for the visitor's password reset (spec §7 Auth): request a link by email, verify the
// link's token (which texts a code to the account's phone), then set the new password. The shapes
// are the routes' own schemas (packages/shared/src/auth.ts).
import type {
  TPasswordResetCompleteRequest,
  TPasswordResetCompleteResponse,
  TPasswordResetRequest,
  TPasswordResetRequestResponse,
  TPasswordResetVerifyRequest,
  TPasswordResetVerifyResponse,
} from '@message-station/shared';
import { currentLanguage } from '../i18n';
import { api } from './client';

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
  return api<TPasswordResetRequestResponse>('/auth/password-reset/request', { method: 'POST', body });
}

/** Throws ApiError 400 'Invalid or expired token'. */
export function verifyPasswordResetToken(token: string): Promise<TPasswordResetVerifyResponse> {
  const body: TPasswordResetVerifyRequest = { token };
  return api<TPasswordResetVerifyResponse>('/auth/password-reset/verify', { method: 'POST', body });
}

/** Throws ApiError 400 with the reason (wrong code, weak password, expired link). */
export function completePasswordReset(
  request: TPasswordResetCompleteRequest,
): Promise<TPasswordResetCompleteResponse> {
  return api<TPasswordResetCompleteResponse>('/auth/password-reset/complete', {
    method: 'POST',
    body: request,
  });
}
