// Invitations (decision 0025): the admin's pending list, resend and revoke; the public link's
// preview and acceptance, which creates the account and signs it in.
import {
  ZAcceptInvitationRequest,
  ZErrorResponse,
  ZInvitationIdParams,
  ZInvitationPreview,
  ZInvitationTokenParams,
  ZOk,
  ZResendInvitationRequest,
  ZSessionUser,
  ZUserInvitation,
  ZUserInvitationList,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { requestFacts, staffFacts } from '../../service-context.js';
import { startSession } from '../auth/service.js';
import {
  acceptInvitation,
  listInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './invitations.js';

const errors = { 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
// As many tries as the password-reset links allow, shared by every node.
const publicLimit = { rateLimit: { max: 10, timeWindow: 15 * 60_000 } };

/** What these routes use from the app, handed over as the plugin's options. */
export type TInvitationRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'email' | 'guards' | 'now' | 'sessions'
>;

export const invitationRoutes: FastifyPluginAsyncZod<TInvitationRoutesDeps> = async (fastify, deps) => {
  const admin = { onRequest: deps.guards.requireAdmin };

  fastify.get(
    '/admin/api/invitations',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Invitations of the station not yet accepted or revoked',
        response: { 200: ZUserInvitationList },
      },
    },
    async (request) => listInvitations(staffFacts(deps, request)),
  );

  fastify.post(
    '/admin/api/invitations/:id/resend',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Email the invitation again with a new link and a new expiry (the old link stops working)',
        params: ZInvitationIdParams,
        body: ZResendInvitationRequest,
        response: { 200: ZUserInvitation, ...errors },
      },
    },
    async (request) =>
      resendInvitation(
        { ...staffFacts(deps, request), config: deps.config, email: deps.email },
        { id: request.params.id, language: request.body?.language },
      ),
  );

  fastify.delete(
    '/admin/api/invitations/:id',
    {
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Revoke an invitation: its link stops working',
        params: ZInvitationIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await revokeInvitation(staffFacts(deps, request), request.params.id);
      return { ok: true as const };
    },
  );

  fastify.get(
    '/auth/invitations/:token',
    {
      config: publicLimit,
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for (station, email, name)',
        params: ZInvitationTokenParams,
        response: {
          200: ZInvitationPreview,
          400: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) => previewInvitation(requestFacts(deps, request), request.params.token),
  );

  fastify.post(
    '/auth/invitations/accept',
    {
      config: publicLimit,
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: creates the account with this password and signs it in',
        body: ZAcceptInvitationRequest,
        response: { 200: ZSessionUser, 400: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const facts = requestFacts(deps, request);
      const user = await acceptInvitation(facts, request.body);
      const session = await startSession(facts, user);
      deps.sessions.setSessionCookies(reply, session.token);
      return session.user;
    },
  );
};
