// Typed calls for the admin Users page: the station's users, adding,
// editing and deleting them, their desktop-app API keys, and the admin-sent password reset.
import {
  ADMIN_RESET_CAPTCHA_TOKEN,
  authAcceptInvitation,
  authInvitation,
  authPasswordResetRequest,
  type TAcceptInvitationRequest,
  type TApiKeyCreated,
  type TCreateUserRequest,
  type TInvitationPreview,
  type TOk,
  type TPasswordResetRequest,
  type TPasswordResetRequestResponse,
  type TResendInvitationRequest,
  type TSessionUser,
  type TStationUser,
  type TUpdateUserRequest,
  type TUserInvitation,
  usersCreate,
  usersCreateApiKey,
  usersInvitations,
  usersList,
  usersRemove,
  usersResendInvitation,
  usersRevokeApiKey,
  usersRevokeInvitation,
  usersUpdate,
} from '@message-station/shared';
import { currentLanguage } from '../i18n';
import { call } from './call';

export function listUsers(signal?: AbortSignal): Promise<TStationUser[]> {
  return call(usersList, { signal });
}

/**
 * Add User invites (decision 0025): 201 with the invitation; 409 for a user of this station or a
 * pending invitation to the address.
 */
export function createUser(request: TCreateUserRequest): Promise<TUserInvitation> {
  // The invitation email is written in the admin's interface language.
  return call(usersCreate, { body: { ...request, language: currentLanguage() } });
}

export function listInvitations(signal?: AbortSignal): Promise<TUserInvitation[]> {
  return call(usersInvitations, { signal });
}

/** A new link and a new expiry (the old link stops working). */
export function resendInvitation(id: string): Promise<TUserInvitation> {
  const body: TResendInvitationRequest = { language: currentLanguage() };
  return call(usersResendInvitation, { params: { id }, body });
}

export function revokeInvitation(id: string): Promise<TOk> {
  return call(usersRevokeInvitation, { params: { id } });
}

/** Public: what an invitation link is for; 404 when it is not valid or has expired. */
export function getInvitationPreview(token: string, signal?: AbortSignal): Promise<TInvitationPreview> {
  return call(authInvitation, { params: { token }, signal });
}

/** Public: creates the account and signs it in (the session cookie is set). */
export function acceptInvitation(request: TAcceptInvitationRequest): Promise<TSessionUser> {
  const body: TAcceptInvitationRequest = { language: currentLanguage(), ...request };
  return call(authAcceptInvitation, { body });
}

/** Admin accounts answer 403: they cannot be edited through the interface. */
export function updateUser(id: string, request: TUpdateUserRequest): Promise<TStationUser> {
  return call(usersUpdate, { params: { id }, body: request });
}

/** Admin accounts answer 403: they cannot be deleted through the interface. */
export function deleteUser(id: string): Promise<TOk> {
  return call(usersRemove, { params: { id } });
}

/**
 * Generates the user's key, or replaces it (the old one stops working at once). The reply is
 * the only time the whole key is sent; 409 with the reason when API access is off.
 */
export function generateApiKey(id: string): Promise<TApiKeyCreated> {
  return call(usersCreateApiKey, { params: { id } });
}

export function revokeApiKey(id: string): Promise<TStationUser> {
  return call(usersRevokeApiKey, { params: { id } });
}

/**
 * Emails the user a reset link; they confirm a code sent by SMS before choosing a new password.
 * The bot check is replaced by the fixed token the server accepts from a signed-in admin.
 */
export function requestPasswordReset(email: string): Promise<TPasswordResetRequestResponse> {
  const body: TPasswordResetRequest = { email, turnstileToken: ADMIN_RESET_CAPTCHA_TOKEN };
  return call(authPasswordResetRequest, { body });
}
