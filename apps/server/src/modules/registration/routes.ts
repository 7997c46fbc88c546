// POST /api/register/start|verify|resend, the Station ID check of step 2,
// step 3's language coverage and GET /terms.
import {
  publicTerms,
  registrationLanguageCoverage,
  registrationResend,
  registrationStart,
  registrationStationId,
  registrationVerify,
  termsPlainText,
  ZErrorResponse,
  ZRegisterResendResponse,
  ZRegisterStartResponse,
  ZSessionUser,
  ZSignupLanguageCoverage,
  ZStationIdAvailability,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { requestFacts } from '../../service-context.js';
import { signupLanguageCoverage } from './language-coverage.js';
import { checkStationId, resendRegistrationCode, startRegistration, verifyRegistration } from './service.js';

const errors = {
  400: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  429: ZErrorResponse,
  503: ZErrorResponse,
};
const HOUR_MS = 3_600_000;

/** What these routes use from the app, handed over as the plugin's options. */
export type TRegistrationRoutesDeps = Pick<
  TAppContext,
  | 'config'
  | 'db'
  | 'email'
  | 'limits'
  | 'now'
  | 'sessions'
  | 'sms'
  | 'stationCreationSteps'
  | 'stationTranslation'
  | 'translation'
>;

export const registrationRoutes: FastifyPluginAsyncZod<TRegistrationRoutesDeps> = async (fastify, deps) => {
  const { config, sms, email, limits, translation, stationCreationSteps } = deps;

  fastify.post(
    registrationStart.path,
    {
      config: { rateLimit: { max: 10, timeWindow: HOUR_MS } },
      schema: {
        tags: ['registration'],
        summary: 'Check the signup answers, keep them as a 24-hour draft and text a code to the admin phone',
        ...endpointSchema(registrationStart),
        response: { 200: ZRegisterStartResponse, ...errors },
      },
    },
    async (request) =>
      startRegistration({ ...requestFacts(deps, request), config, sms, limits }, request.body),
  );

  // Asked as the name is typed (debounced) and on Continue: enough for a few names a minute.
  fastify.get(
    registrationStationId.path,
    {
      config: { rateLimit: { max: 60, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Whether the Station ID a name gives is free, with a free one close to it if not',
        ...endpointSchema(registrationStationId),
        response: { 200: ZStationIdAvailability, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return checkStationId(deps.db, request.query.id);
    },
  );

  // Step 3 asks once per primary language the wizard settles on.
  fastify.get(
    registrationLanguageCoverage.path,
    {
      config: { rateLimit: { max: 60, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['registration'],
        summary:
          "Which languages a new station can translate into from one language (this server's engines; review or needs_setup)",
        ...endpointSchema(registrationLanguageCoverage),
        response: { 200: ZSignupLanguageCoverage, 400: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request) => signupLanguageCoverage(deps.stationTranslation.operator, request.query.from),
  );

  fastify.post(
    registrationVerify.path,
    {
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['registration'],
        summary: 'Check the code; create the station and its admin, and sign the admin in',
        ...endpointSchema(registrationVerify),
        response: { 200: ZSessionUser, ...errors },
      },
    },
    async (request, reply) => {
      const result = await verifyRegistration(
        { ...requestFacts(deps, request), config, email, translation, stationCreationSteps },
        { registrationId: request.body.registration_id, code: request.body.verification_code },
      );
      deps.sessions.setSessionCookies(reply, result.token);
      return result.user;
    },
  );

  fastify.post(
    registrationResend.path,
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['registration'],
        summary: 'Text a new code for a pending signup (after a 30-second cooldown)',
        ...endpointSchema(registrationResend),
        response: { 200: ZRegisterResendResponse, ...errors },
      },
    },
    async (request) =>
      resendRegistrationCode(
        { ...requestFacts(deps, request), config, sms, limits },
        request.body.registration_id,
      ),
  );

  // The wizard fetches the terms as text; a browser navigating to /terms gets the page.
  fastify.get(
    publicTerms.path,
    { schema: { tags: ['registration'], summary: 'Terms of Service as plain text' } },
    async (request, reply) => {
      if ((request.headers.accept ?? '').includes('text/html')) return reply.callNotFound();
      return reply.type('text/plain; charset=utf-8').send(termsPlainText('en'));
    },
  );
};
