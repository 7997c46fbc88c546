// Typed calls for the admin Users page (spec §7 Admin users calls): the station's users, adding,
// editing and deleting them, their desktop-app API keys, and the admin-sent password reset.
import {
  ADMIN_RESET_CAPTCHA_TOKEN,
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
} from '@message-station/shared';
import { currentLanguage } from '../i18n';
import { api } from './client';

function userPath(id: string): string {
  return `/admin/api/users/${encodeURIComponent(id)}`;
}

export function listUsers(signal?: AbortSignal): Promise<TStationUser[]> {
  return api<TStationUser[]>('/admin/api/users', { signal });
}

/**
 * Add User invites (decision 0025): 201 with the invitation; 409 for a user of this station or a
 * pending invitation to the address.
 */
export function createUser(request: TCreateUserRequest): Promise<TUserInvitation> {
  // The invitation email is written in the admin's interface language.
  return api<TUserInvitation>('/admin/api/users', {
    method: 'POST',
    body: { ...request, language: currentLanguage() },
  });
}

export function listInvitations(signal?: AbortSignal): Promise<TUserInvitation[]> {
  return api<TUserInvitation[]>('/admin/api/invitations', { signal });
}

function invitationPath(id: string): string {
  return `/admin/api/invitations/${encodeURIComponent(id)}`;
}

/** A new link and a new expiry (the old link stops working). */
export function resendInvitation(id: string): Promise<TUserInvitation> {
  const body: TResendInvitationRequest = { language: currentLanguage() };
  return api<TUserInvitation>(`${invitationPath(id)}/resend`, { method: 'POST', body });
}

export function revokeInvitation(id: string): Promise<TOk> {
  return api<TOk>(invitationPath(id), { method: 'DELETE' });
}

/** Public: what an invitation link is for; 404 when it is not valid or has expired. */
export function getInvitationPreview(token: string, signal?: AbortSignal): Promise<TInvitationPreview> {
  return api<TInvitationPreview>(`/auth/invitations/${encodeURIComponent(token)}`, { signal });
}

/** Public: creates the account and signs it in (the session cookie is set). */
export function acceptInvitation(request: TAcceptInvitationRequest): Promise<TSessionUser> {
  const body: TAcceptInvitationRequest = { language: currentLanguage(), ...request };
  return api<TSessionUser>('/auth/invitations/accept', { method: 'POST', body });
}

/** Admin accounts answer 403: they cannot be edited through the interface. */
export function updateUser(id: string, request: TUpdateUserRequest): Promise<TStationUser> {
  return api<TStationUser>(userPath(id), { method: 'PUT', body: request });
}

/** Admin accounts answer 403: they cannot be deleted through the interface. */
export function deleteUser(id: string): Promise<TOk> {
  return api<TOk>(userPath(id), { method: 'DELETE' });
}

/**
 * Generates the user's key, or replaces it (the old one stops working at once). The reply is
 * the only time the whole key is sent; 409 with the reason when API access is off.
 */
export function generateApiKey(id: string): Promise<TApiKeyCreated> {
  return api<TApiKeyCreated>(`${userPath(id)}/api-key`, { method: 'POST' });
}

export function revokeApiKey(id: string): Promise<TStationUser> {
  return api<TStationUser>(`${userPath(id)}/api-key`, { method: 'DELETE' });
}

/**
 * Emails the user a reset link; they confirm a code sent by SMS before choosing a new password.
 * The bot check is replaced by the fixed token the server accepts from a signed-in admin (spec §5).
 */
export function requestPasswordReset(email: string): Promise<TPasswordResetRequestResponse> {
  const body: TPasswordResetRequest = { email, turnstileToken: ADMIN_RESET_CAPTCHA_TOKEN };
  return api<TPasswordResetRequestResponse>('/auth/password-reset/request', { method: 'POST', body });
}
