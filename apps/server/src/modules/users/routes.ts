// Admin Users page calls with API keys, and the API-key sign-in check agents use.
import {
  usersCreate,
  usersCreateApiKey,
  usersList,
  usersRemove,
  usersRevokeApiKey,
  usersUpdate,
  ZApiKeyAuthHeaders,
  ZApiKeyAuthResponse,
  ZApiKeyCreated,
  ZErrorResponse,
  ZOk,
  ZStationUser,
  ZStationUserList,
  ZUserInvitation,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { AppError } from '../../platform/errors.js';
import { staffFacts } from '../../service-context.js';
import { userAudit, userChangeAudit, userInvitedAudit } from './audit-rules.js';
import { invitationRoutes, type TInvitationRoutesDeps } from './invitation-routes.js';
import { inviteUser } from './invitations.js';
import {
  authenticateApiKey,
  deleteStationUser,
  editStationUser,
  issueApiKey,
  listStationUsers,
  revokeApiKey,
} from './service.js';

const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

/** What these routes use from the app, handed over as the plugin's options. */
export type TUserRoutesDeps = Pick<TAppContext, 'agents' | 'db' | 'guards' | 'limits' | 'now'> &
  TInvitationRoutesDeps;

export const userRoutes: FastifyPluginAsyncZod<TUserRoutesDeps> = async (fastify, deps) => {
  const admin = { onRequest: deps.guards.requireAdmin };

  fastify.get(
    usersList.path,
    {
      ...admin,
      schema: { tags: ['users'], summary: "The station's users", response: { 200: ZStationUserList } },
    },
    async (request) => listStationUsers(staffFacts(deps, request)),
  );

  fastify.post(
    usersCreate.path,
    {
      config: audit(userInvitedAudit),
      ...admin,
      schema: {
        tags: ['users'],
        summary:
          'Invite a user to the station: the account is created when they accept the emailed link. The answer is the same for any address not used in this station (decision 0025).',
        ...endpointSchema(usersCreate),
        response: { 201: ZUserInvitation, ...errors },
      },
    },
    async (request, reply) => {
      const invitation = await inviteUser(
        { ...staffFacts(deps, request), config: deps.config, email: deps.email },
        request.body,
      );
      return reply.status(201).send(invitation);
    },
  );

  await fastify.register(invitationRoutes, deps);

  fastify.put(
    usersUpdate.path,
    {
      config: audit(userChangeAudit('user.updated')),
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Edit a standard user (admin accounts are changed by support only)',
        ...endpointSchema(usersUpdate),
        response: { 200: ZStationUser, ...errors },
      },
    },
    async (request) => {
      const user = await editStationUser(
        staffFacts(deps, request),
        {
          ...request.body,
          id: request.params.id,
        },
        request.audit,
      );
      // Access may have been switched off: the user's connected machines are checked at once.
      await deps.agents.keysChanged(request.params.id);
      return user;
    },
  );

  fastify.delete(
    usersRemove.path,
    {
      config: audit(userChangeAudit('user.deleted')),
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Delete a standard user (admin accounts cannot be deleted here)',
        ...endpointSchema(usersRemove),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await deleteStationUser(staffFacts(deps, request), request.params.id, request.audit);
      await deps.agents.keysChanged(request.params.id);
      return { ok: true as const };
    },
  );

  fastify.post(
    usersCreateApiKey.path,
    {
      config: audit(userAudit(deps.db, 'api_key.created')),
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Create or replace the user’s API key; the whole key is in this answer only',
        ...endpointSchema(usersCreateApiKey),
        response: { 200: ZApiKeyCreated, ...errors },
      },
    },
    async (request) => {
      const issued = await issueApiKey(staffFacts(deps, request), request.params.id);
      // The replaced key stops working now, also on machines that are connected with it.
      await deps.agents.keysChanged(request.params.id);
      return { api_key: issued.apiKey, user: issued.user };
    },
  );

  fastify.delete(
    usersRevokeApiKey.path,
    {
      config: audit(userAudit(deps.db, 'api_key.revoked')),
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Revoke the user’s API key',
        ...endpointSchema(usersRevokeApiKey),
        response: { 200: ZStationUser, ...errors },
      },
    },
    async (request) => {
      const user = await revokeApiKey(staffFacts(deps, request), request.params.id);
      await deps.agents.keysChanged(request.params.id);
      return user;
    },
  );

  fastify.get(
    '/agent/v1/session',
    {
      schema: {
        tags: ['agent'],
        summary: 'Checks a Station ID and API key (headers X-Station-ID and Authorization: Bearer)',
        headers: ZApiKeyAuthHeaders,
        response: {
          200: ZApiKeyAuthResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const stationSlug = request.headers['x-station-id'];
      const apiKey = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      if (!stationSlug || !apiKey) throw new AppError('invalid_api_key');
      const who = await authenticateApiKey(deps.db, { stationSlug, apiKey, at: deps.now() });
      await deps.limits.assertApiKeyAllowed(who.keyId);
      return {
        station: { id: who.stationId, slug: who.stationSlug, display_name: who.stationName },
        user: { id: who.userId, full_name: who.fullName, email: who.email, role: who.role },
      };
    },
  );
};
