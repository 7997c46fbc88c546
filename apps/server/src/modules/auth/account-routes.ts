// POST /auth/login/two-factor and My Account (/admin/api/account/…), decision 0020. The account
// calls are open to any signed-in user, also an admin whose station requires a second factor
// they have not set up yet (that is where they set it up).
import {
  accountChangePassword,
  accountGet,
  accountLanguage,
  accountRevokeOtherSessions,
  accountRevokeSession,
  accountSessions,
  accountStationSecurity,
  accountTwoFactorDisable,
  accountTwoFactorEnable,
  accountTwoFactorSetup,
  authLoginTwoFactor,
  LOGIN_CHALLENGE_COOKIE,
  TWO_FACTOR,
  ZAccount,
  ZAccountLanguage,
  ZAccountSessionList,
  ZErrorResponse,
  ZOk,
  ZRecoveryCodes,
  ZRevokedSessions,
  ZSessionUser,
  ZStationSecurity,
  ZTwoFactorSetup,
} from '@message-station/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import type { TConfig } from '../../config.js';
import { audit, auditParams, notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { authOf } from '../../platform/guards.js';
import { requestFacts, staffFacts } from '../../service-context.js';
import { setUserLanguage } from '../users/service.js';
import * as account from './account.js';
import {
  ownAccountAudit,
  revokedSessions,
  stationSecurityAudit,
  twoFactorSignInAudit,
} from './audit-rules.js';
import { KNOWN_DEVICE_COOKIE, rememberDevice } from './known-device.js';
import { completeTwoFactorLogin } from './two-factor-login.js';

const CHALLENGE_PATH = '/auth/login';

/** The code step's cookie: httpOnly, only sent to /auth/login…, gone after five minutes. */
export function setLoginChallengeCookie(reply: FastifyReply, config: TConfig, token: string) {
  reply.setCookie(LOGIN_CHALLENGE_COOKIE, token, {
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: TWO_FACTOR.challengeMinutes * 60,
  });
}

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** What these routes use from the fastify, handed over as the plugin's options. */
export type TAccountRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now' | 'sessions'>;

export const accountRoutes: FastifyPluginAsyncZod<TAccountRoutesDeps> = async (fastify, deps) => {
  const { db, sessions, config, guards } = deps;
  const signedIn = { onRequest: guards.requireSignedIn };
  const accountContext = (request: FastifyRequest) => ({ ...staffFacts(deps, request), config });

  fastify.post(
    authLoginTwoFactor.path,
    {
      // Each challenge takes five codes; this caps an address opening many challenges.
      config: { ...audit(twoFactorSignInAudit(db)), rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['auth'],
        summary: 'Finish a sign-in with a code from the authenticator app or a recovery code',
        ...endpointSchema(authLoginTwoFactor),
        response: { 200: ZSessionUser, 400: ZErrorResponse, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const result = await completeTwoFactorLogin(
        { ...requestFacts(deps, request), config },
        { challengeToken: request.cookies[LOGIN_CHALLENGE_COOKIE], code: request.body.code },
      );
      reply.clearCookie(LOGIN_CHALLENGE_COOKIE, { path: CHALLENGE_PATH });
      sessions.setSessionCookies(reply, result.token);
      // Signed in: a known device of the account from now on (decision 0054).
      rememberDevice(reply, config, request.cookies[KNOWN_DEVICE_COOKIE], result.user.email, deps.now());
      return result.user;
    },
  );

  fastify.get(
    accountGet.path,
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'My Account: second factor and station security',
        response: { 200: ZAccount },
      },
    },
    async (request) => account.describeAccount(accountContext(request)),
  );

  fastify.post(
    accountChangePassword.path,
    {
      config: audit(ownAccountAudit('account.password_changed', revokedSessions)),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Change my password; every other session of mine ends',
        ...endpointSchema(accountChangePassword),
        response: { 200: ZRevokedSessions, ...errors },
      },
    },
    async (request) => account.changePassword(accountContext(request), request.body),
  );

  fastify.get(
    accountSessions.path,
    {
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Where I am signed in',
        response: { 200: ZAccountSessionList },
      },
    },
    async (request) => account.listSessions(accountContext(request)),
  );

  fastify.delete(
    accountRevokeSession.path,
    {
      config: audit(
        ownAccountAudit('account.session_revoked', (call) => ({ session_id: auditParams(call).id ?? null })),
      ),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Sign one of my sessions out',
        ...endpointSchema(accountRevokeSession),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request, reply) => {
      const { current } = await account.revokeSession(accountContext(request), request.params.id);
      if (current) sessions.clearSessionCookies(reply);
      return { ok: true as const };
    },
  );

  fastify.post(
    accountRevokeOtherSessions.path,
    {
      config: audit(ownAccountAudit('account.sessions_revoked', revokedSessions)),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Sign out of all my other sessions',
        response: { 200: ZRevokedSessions },
      },
    },
    async (request) => account.revokeOtherSessions(accountContext(request)),
  );

  fastify.post(
    accountTwoFactorSetup.path,
    {
      config: notAudited('A secret to scan: nothing is on until the first code confirms it.'),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'A new TOTP secret to scan; on after the first code confirms it',
        response: { 200: ZTwoFactorSetup, ...errors },
      },
    },
    async (request) => account.startTwoFactorSetup(accountContext(request)),
  );

  fastify.post(
    accountTwoFactorEnable.path,
    {
      config: audit(ownAccountAudit('account.two_factor_enabled')),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Confirm the first code: two-factor is on; the ten recovery codes are in this answer only',
        ...endpointSchema(accountTwoFactorEnable),
        response: { 200: ZRecoveryCodes, ...errors },
      },
    },
    async (request) => account.enableTwoFactor(accountContext(request), request.body.code),
  );

  fastify.post(
    accountTwoFactorDisable.path,
    {
      config: audit(ownAccountAudit('account.two_factor_disabled')),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off (password and a code)',
        ...endpointSchema(accountTwoFactorDisable),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await account.disableTwoFactor(accountContext(request), request.body);
      return { ok: true as const };
    },
  );

  fastify.put(
    accountLanguage.path,
    {
      config: notAudited("The interface language (emails' language): a preference, not a security event."),
      ...signedIn,
      schema: {
        tags: ['account'],
        summary: 'Keep the interface language I chose: emails to me are written in it',
        ...endpointSchema(accountLanguage),
        response: { 200: ZAccountLanguage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      await setUserLanguage(db, authOf(request).userId, request.body.language);
      return { language: request.body.language };
    },
  );

  fastify.put(
    accountStationSecurity.path,
    {
      config: audit(stationSecurityAudit),
      onRequest: guards.requireAdmin,
      schema: {
        tags: ['account'],
        summary: 'Station security: require two-factor sign-in for admins',
        ...endpointSchema(accountStationSecurity),
        response: { 200: ZStationSecurity, ...errors },
      },
    },
    async (request) =>
      account.setStationTwoFactor(accountContext(request), request.body.requireTwoFactor, request.audit),
  );
};
