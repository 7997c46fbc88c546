// Typed calls for /auth. Replies are typed by the shared schemas; they are not
// re-validated here so zod stays out of the public pages' bundle.
import {
  authLogin,
  authLoginTwoFactor,
  authLogout,
  authSession,
  type TLoginRequest,
  type TLoginResponse,
  type TLoginTwoFactorRequest,
  type TOk,
  type TSessionUser,
} from '@message-station/shared';
import { currentLanguage } from '../i18n';
import { call } from './call';

/**
 * The signed-in user, or null when signed out: asked with `optional=true`, the server answers a
 * visitor 200 and null rather than a 401 that every anonymous page would log as a failed request
 * (decision 0078). The reply sets the CSRF cookie either way.
 */
export function getSession(signal?: AbortSignal): Promise<TSessionUser | null> {
  // A refusal here only means signed out (fetchSessionUser): nothing to word, so every visitor's
  // first page does not load the refusals' words and catalogue for it (decision 0062).
  return call(authSession, { query: { optional: 'true' }, signal, wordRefusal: false });
}

/**
 * The user, or `{ twoFactorRequired: true }` when the account asks for a code next. Throws ApiError
 * 401 'Invalid email or password', or 429 when rate limited. The page's language goes along: the
 * server keeps it as the language of emails to this user.
 */
export function login(credentials: TLoginRequest): Promise<TLoginResponse> {
  const body: TLoginRequest = { language: currentLanguage(), ...credentials };
  return call(authLogin, { body });
}

/** The code step of a sign-in: a code from the authenticator app or a recovery code. */
export function loginTwoFactor(code: string): Promise<TSessionUser> {
  const body: TLoginTwoFactorRequest = { code };
  return call(authLoginTwoFactor, { body });
}

export function logout(): Promise<TOk> {
  return call(authLogout);
}
