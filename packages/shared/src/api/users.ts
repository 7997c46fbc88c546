// The endpoint table (decision 0067): Station users, invitations, API keys and station keys.
import type { ZOk } from '../auth.js';
import { ZInvitationIdParams, ZUserIdParams } from '../id-params.js';
import {
  ZCreateStationKeyRequest,
  type ZStationKeyCreated,
  ZStationKeyIdParams,
  type ZStationKeyList,
} from '../station-keys.js';
import {
  type ZApiKeyCreated,
  ZCreateUserRequest,
  ZResendInvitationRequest,
  type ZStationUser,
  type ZStationUserList,
  ZUpdateUserRequest,
  type ZUserInvitation,
  type ZUserInvitationList,
} from '../users.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/users */
export const usersList = endpoint('GET', '/admin/api/users').returns<typeof ZStationUserList>();

/** POST /admin/api/users */
export const usersCreate = endpoint('POST', '/admin/api/users', { body: ZCreateUserRequest }).returns<
  typeof ZUserInvitation
>();

/** GET /admin/api/invitations */
export const usersInvitations = endpoint('GET', '/admin/api/invitations').returns<
  typeof ZUserInvitationList
>();

/** POST /admin/api/invitations/:id/resend */
export const usersResendInvitation = endpoint('POST', '/admin/api/invitations/:id/resend', {
  params: ZInvitationIdParams,
  body: ZResendInvitationRequest,
}).returns<typeof ZUserInvitation>();

/** DELETE /admin/api/invitations/:id */
export const usersRevokeInvitation = endpoint('DELETE', '/admin/api/invitations/:id', {
  params: ZInvitationIdParams,
}).returns<typeof ZOk>();

/** PUT /admin/api/users/:id */
export const usersUpdate = endpoint('PUT', '/admin/api/users/:id', {
  params: ZUserIdParams,
  body: ZUpdateUserRequest,
}).returns<typeof ZStationUser>();

/** DELETE /admin/api/users/:id */
export const usersRemove = endpoint('DELETE', '/admin/api/users/:id', { params: ZUserIdParams }).returns<
  typeof ZOk
>();

/** POST /admin/api/users/:id/api-key */
export const usersCreateApiKey = endpoint('POST', '/admin/api/users/:id/api-key', {
  params: ZUserIdParams,
}).returns<typeof ZApiKeyCreated>();

/** DELETE /admin/api/users/:id/api-key */
export const usersRevokeApiKey = endpoint('DELETE', '/admin/api/users/:id/api-key', {
  params: ZUserIdParams,
}).returns<typeof ZStationUser>();

/** GET /admin/api/station-keys */
export const usersStationKeys = endpoint('GET', '/admin/api/station-keys').returns<typeof ZStationKeyList>();

/** POST /admin/api/station-keys */
export const usersCreateStationKey = endpoint('POST', '/admin/api/station-keys', {
  body: ZCreateStationKeyRequest,
}).returns<typeof ZStationKeyCreated>();

/** DELETE /admin/api/station-keys/:id */
export const usersRevokeStationKey = endpoint('DELETE', '/admin/api/station-keys/:id', {
  params: ZStationKeyIdParams,
}).returns<typeof ZOk>();

/** The area's entries by name. */
export const usersEndpoints = {
  list: usersList,
  create: usersCreate,
  invitations: usersInvitations,
  resendInvitation: usersResendInvitation,
  revokeInvitation: usersRevokeInvitation,
  update: usersUpdate,
  remove: usersRemove,
  createApiKey: usersCreateApiKey,
  revokeApiKey: usersRevokeApiKey,
  stationKeys: usersStationKeys,
  createStationKey: usersCreateStationKey,
  revokeStationKey: usersRevokeStationKey,
};
