// Invitations (decision 0025): the admin's pending list, resend and revoke; the public link's
// preview and acceptance, which creates the account and signs it in.
import {
  authAcceptInvitation,
  authInvitation,
  type TSessionUser,
  usersInvitations,
  usersResendInvitation,
  usersRevokeInvitation,
  ZErrorResponse,
  ZInvitationPreview,
  ZOk,
  ZSessionUser,
  ZUserInvitation,
  ZUserInvitationList,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { requestFacts, staffFacts, type TServiceContext } from '../../service-context.js';
import { invitationAcceptedAudit, invitationAudit } from './audit-rules.js';
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
> & {
  /**
   * Signs the new account in (auth's startSession). The auth module imports users, so app.ts hands
   * it in rather than users importing auth back (decision 0065).
   */
  startSession: (
    ctx: Pick<TServiceContext, 'db' | 'now' | 'ip' | 'userAgent'>,
    user: { id: string; stationId: string },
  ) => Promise<{ token: string; user: TSessionUser }>;
};

export const invitationRoutes: FastifyPluginAsyncZod<TInvitationRoutesDeps> = async (fastify, deps) => {
  const admin = { onRequest: deps.guards.requireAdmin };

  fastify.get(
    usersInvitations.path,
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
    usersResendInvitation.path,
    {
      config: audit(invitationAudit(deps, 'user.invitation_resent')),
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Email the invitation again with a new link and a new expiry (the old link stops working)',
        ...endpointSchema(usersResendInvitation),
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
    usersRevokeInvitation.path,
    {
      config: audit(invitationAudit(deps, 'user.invitation_revoked')),
      ...admin,
      schema: {
        tags: ['users'],
        summary: 'Revoke an invitation: its link stops working',
        ...endpointSchema(usersRevokeInvitation),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await revokeInvitation(staffFacts(deps, request), request.params.id);
      return { ok: true as const };
    },
  );

  fastify.get(
    authInvitation.path,
    {
      config: publicLimit,
      schema: {
        tags: ['auth'],
        summary: 'What an invitation link is for (station, email, name)',
        ...endpointSchema(authInvitation),
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
    authAcceptInvitation.path,
    {
      config: { ...publicLimit, ...audit(invitationAcceptedAudit(deps.db)) },
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation: creates the account with this password and signs it in',
        ...endpointSchema(authAcceptInvitation),
        response: { 200: ZSessionUser, 400: ZErrorResponse, 404: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const facts = requestFacts(deps, request);
      const user = await acceptInvitation(facts, request.body);
      const session = await deps.startSession(facts, user);
      deps.sessions.setSessionCookies(reply, session.token);
      return session.user;
    },
  );
};
