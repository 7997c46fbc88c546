// GET /auth/session, POST /auth/login, POST /auth/logout.
import {
  authLogin,
  authLogout,
  authPasswordResetComplete,
  authPasswordResetRequest,
  authPasswordResetVerify,
  authSession,
  COOKIE_NAMES,
  ZErrorResponse,
  ZLoginResponse,
  ZOk,
  ZPasswordResetCompleteResponse,
  ZPasswordResetRequestResponse,
  ZPasswordResetVerifyResponse,
  ZSessionUser,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppContext } from '../../app-context.js';
import { audit, notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { AppError } from '../../platform/errors.js';
import { requestFacts } from '../../service-context.js';
import { accountRoutes, setLoginChallengeCookie, type TAccountRoutesDeps } from './account-routes.js';
import { resetCompletedAudit, resetRequestedAudit, signInAudit } from './audit-rules.js';
import { KNOWN_DEVICE_COOKIE, knownDeviceId, rememberDevice } from './known-device.js';
import { completePasswordReset, requestPasswordReset, verifyResetToken } from './password-reset.js';
import { describeSessionUser, login, logout } from './service.js';

/** GET /auth/session's query (TSessionQuery in the endpoint table). */
const ZSessionQuery = z.object({ optional: z.enum(['true', 'false']).optional() });

/** What these routes use from the fastify, handed over as the plugin's options. */
export type TAuthRoutesDeps = Pick<TAppContext, 'email' | 'limits' | 'sms'> & TAccountRoutesDeps;

export const authRoutes: FastifyPluginAsyncZod<TAuthRoutesDeps> = async (fastify, deps) => {
  const { db, sessions, config } = deps;

  fastify.get(
    authSession.path,
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user; also hands out the CSRF cookie',
        description:
          'No one signed in: 401 not_signed_in, or with `optional=true` 200 and `null` (decision 0078), which a page that only asks whether someone is signed in takes.',
        querystring: ZSessionQuery,
        response: { 200: ZSessionUser.nullable(), 401: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = await sessions.getAuth(request);
      sessions.ensureCsrfCookie(request, reply, Boolean(auth));
      // Who is signed in is this browser's alone: never kept by a cache on the way.
      reply.header('cache-control', 'no-store');
      if (!auth) {
        if (request.query.optional === 'true') return null;
        throw new AppError('not_signed_in');
      }
      return describeSessionUser(db, auth);
    },
  );

  fastify.post(
    authLogin.path,
    {
      config: audit(signInAudit(db)),
      // Attempts are reserved before the password is checked and only failures keep their place,
      // on every node; a known device is counted on its own (decisions 0019, 0054).
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        ...endpointSchema(authLogin),
        response: {
          200: ZLoginResponse,
          401: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const deviceCookie = request.cookies[KNOWN_DEVICE_COOKIE];
      const deviceId = knownDeviceId(config.sessionSecret, deviceCookie, email, deps.now());
      const result = await deps.limits.signIn.guard({ email, ip: request.ip, deviceId }, () =>
        login(requestFacts(deps, request), request.body),
      );
      // Two-factor on: no session yet, the code step comes next (decision 0020).
      if ('challengeToken' in result) {
        setLoginChallengeCookie(reply, config, result.challengeToken);
        return { twoFactorRequired: true as const };
      }
      sessions.setSessionCookies(reply, result.token);
      // Signed in: this browser is a known device of the account from now on (decision 0054).
      rememberDevice(reply, config, deviceCookie, email, deps.now());
      return result.user;
    },
  );

  await fastify.register(accountRoutes, deps);

  fastify.post(
    authLogout.path,
    {
      config: audit({ action: 'auth.signed_out' }),
      schema: { tags: ['auth'], summary: 'Sign out', response: { 200: ZOk } },
    },
    async (request, reply) => {
      await logout({ db }, request.cookies[COOKIE_NAMES.session]);
      sessions.clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  fastify.post(
    authPasswordResetRequest.path,
    {
      config: { ...audit(resetRequestedAudit(db)), rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link (1 hour, single use)',
        ...endpointSchema(authPasswordResetRequest),
        response: {
          200: ZPasswordResetRequestResponse,
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) =>
      requestPasswordReset(
        {
          ...requestFacts(deps, request),
          config,
          email: deps.email,
          // Signed in: an admin sending a link from the Users page.
          auth: (await sessions.getAuth(request)) ?? undefined,
        },
        request.body,
      ),
  );

  fastify.post(
    authPasswordResetVerify.path,
    {
      config: {
        ...notAudited('Checks a link and texts a code: nothing changes yet.'),
        rateLimit: { max: 10, timeWindow: 15 * 60_000 },
      },
      schema: {
        tags: ['auth'],
        summary: 'Check a reset link and text a code to the account phone',
        ...endpointSchema(authPasswordResetVerify),
        response: {
          200: ZPasswordResetVerifyResponse,
          400: ZErrorResponse,
          429: ZErrorResponse,
          503: ZErrorResponse,
        },
      },
    },
    async (request) =>
      verifyResetToken(
        { ...requestFacts(deps, request), config, sms: deps.sms, limits: deps.limits },
        request.body.token,
      ),
  );

  fastify.post(
    authPasswordResetComplete.path,
    {
      config: { ...audit(resetCompletedAudit(db)), rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the texted code; every session of the user ends',
        ...endpointSchema(authPasswordResetComplete),
        response: {
          200: ZPasswordResetCompleteResponse,
          400: ZErrorResponse,
          410: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const done = await completePasswordReset(
        { ...requestFacts(deps, request), config, signIns: deps.limits.signIn },
        request.body,
      );
      // Whoever completed the reset holds the account's email and phone: their browser is known.
      rememberDevice(reply, config, request.cookies[KNOWN_DEVICE_COOKIE], done.email, deps.now());
      return { message: done.message };
    },
  );
};
