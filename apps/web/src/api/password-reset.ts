// Typed calls for the visitor's password reset (spec §7 Auth): request a link by email, verify the
// link's token (which texts a code to the account's phone), then set the new password.
import { currentLanguage } from '../i18n';
import { api } from './client';

export type TPasswordResetMessage = { message: string };

/** What verifying a link answers: the end of the phone the code went to, and the code in test mode. */
export type TPasswordResetVerifyResponse = { phone_last4: string; test_code?: string };

export type TPasswordResetCompleteRequest = {
  token: string;
  verificationCode: string;
  newPassword: string;
};

/** Answers the same whether or not the account exists; throws ApiError 400 for a missing bot check. */
export function requestPasswordReset(email: string, turnstileToken: string): Promise<TPasswordResetMessage> {
  return api<TPasswordResetMessage>('/auth/password-reset/request', {
    method: 'POST',
    // The email comes back in the language the visitor reads the site in.
    body: { email, turnstileToken, language: currentLanguage() },
  });
}

/** Throws ApiError 400 'Invalid or expired token'. */
export function verifyPasswordResetToken(token: string): Promise<TPasswordResetVerifyResponse> {
  return api<TPasswordResetVerifyResponse>('/auth/password-reset/verify', {
    method: 'POST',
    body: { token },
  });
}

/** Throws ApiError 400 with the reason (wrong code, weak password, expired link). */
export function completePasswordReset(
  request: TPasswordResetCompleteRequest,
): Promise<TPasswordResetMessage> {
  return api<TPasswordResetMessage>('/auth/password-reset/complete', { method: 'POST', body: request });
}
