// GET /auth/session, POST /auth/login, POST /auth/logout (spec §7 Auth).
import {
  COOKIE_NAMES,
  ZErrorResponse,
  ZLoginRequest,
  ZOk,
  ZPasswordResetRequest,
  ZPasswordResetRequestResponse,
  ZSessionUser,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app.js';
import { AppError } from '../../platform/errors.js';
import { requestPasswordReset } from './password-reset.js';
import { describeSessionUser, login, logout } from './service.js';

export const authRoutes =
  (ctx: TAppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, sessions, config, now } = ctx;

    app.get(
      '/auth/session',
      {
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user; also hands out the CSRF cookie',
          response: { 200: ZSessionUser, 401: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const auth = await sessions.getAuth(request);
        sessions.ensureCsrfCookie(request, reply, Boolean(auth));
        if (!auth) throw new AppError(401, 'Not signed in');
        return describeSessionUser(db, auth);
      },
    );

    app.post(
      '/auth/login',
      {
        config: {
          rateLimit: {
            max: config.loginRateLimit.max,
            timeWindow: config.loginRateLimit.windowMs,
          },
        },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with email and password',
          body: ZLoginRequest,
          response: { 200: ZSessionUser, 401: ZErrorResponse, 429: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const result = await login(
          { db, now: now(), ip: request.ip, userAgent: request.headers['user-agent'] },
          request.body,
        );
        sessions.setSessionCookies(reply, result.token);
        return result.user;
      },
    );

    app.post(
      '/auth/logout',
      { schema: { tags: ['auth'], summary: 'Sign out', response: { 200: ZOk } } },
      async (request, reply) => {
        await logout(db, request.cookies[COOKIE_NAMES.session]);
        sessions.clearSessionCookies(reply);
        return { ok: true as const };
      },
    );

    app.post(
      '/auth/password-reset/request',
      {
        config: { rateLimit: { max: 10, timeWindow: 15 * 60_000 } },
        schema: {
          tags: ['auth'],
          summary: 'Email a password reset link (1 hour, single use)',
          body: ZPasswordResetRequest,
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
          { db, email: ctx.email, publicUrl: config.publicUrl, now: now(), ip: request.ip },
          request.body,
          await sessions.getAuth(request),
        ),
    );
  };
