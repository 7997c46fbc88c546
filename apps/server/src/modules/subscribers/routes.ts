// Public subscriber calls (spec §7 Subscriber), the inbound SMS webhook and its dev simulator.
import { randomUUID } from 'node:crypto';
import {
  ZDevInboundRequest,
  ZDevInboundResponse,
  ZErrorResponse,
  ZMessageResponse,
  ZStationPublicInfo,
  ZStationPublicInfoQuery,
  ZStationSlugParams,
  ZSubscribeRequest,
  ZSubscribeResponse,
  ZSubscriberResendRequest,
  ZSubscriberResendResponse,
  ZSubscriberVerifyRequest,
  ZTwilioInbound,
  ZUnsubscribeRequest,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { twilioSignatureCheck } from '../../providers/sms/twilio-webhook.js';
import { requestFacts } from '../../service-context.js';
import { receiveInboxText } from '../inbox/service.js';
import { handleInboundText, type TConversationIntake } from './keywords.js';
import {
  registerSubscriber,
  resendSubscriberCode,
  stationPublicInfo,
  unsubscribe,
  verifySubscriber,
} from './service.js';

const errors = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  410: ZErrorResponse,
  429: ZErrorResponse,
  503: ZErrorResponse,
};
const HOUR_MS = 3_600_000;

/** What these routes use from the app, handed over as the plugin's options. */
export type TSubscriberRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'events' | 'inboxQueue' | 'limits' | 'now' | 'sms' | 'stationTranslation'
>;

export const subscriberRoutes: FastifyPluginAsyncZod<TSubscriberRoutesDeps> = async (fastify, deps) => {
  const { config, sms, limits } = deps;
  // Texts that are no keyword go to the station's inbox (decision 0040).
  const inbox =
    (request: FastifyRequest): TConversationIntake =>
    (tx, text) =>
      receiveInboxText({ ...deps, log: request.log }, tx, text);

  fastify.get(
    '/subscribe/:slug/info',
    {
      schema: {
        tags: ['subscriber'],
        summary: "A station's join page: branding, languages, alert types, consent text",
        params: ZStationSlugParams,
        querystring: ZStationPublicInfoQuery,
        response: { 200: ZStationPublicInfo, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) =>
      stationPublicInfo(deps, {
        slug: request.params.slug,
        language: request.query.language ?? request.query.lang ?? 'en',
      }),
  );

  fastify.post(
    '/subscribe/:slug/register',
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['subscriber'],
        summary: 'Join: choose alert types and languages, consent, and receive a code by SMS',
        params: ZStationSlugParams,
        body: ZSubscribeRequest,
        response: { 200: ZSubscribeResponse, ...errors },
      },
    },
    async (request) =>
      registerSubscriber(
        { ...requestFacts(deps, request), config, sms, limits },
        { ...request.body, slug: request.params.slug },
      ),
  );

  fastify.post(
    '/subscribe/:slug/verify',
    {
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['subscriber'],
        summary: 'Confirm the number with its code; the choices take effect',
        params: ZStationSlugParams,
        body: ZSubscriberVerifyRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) =>
      verifySubscriber(
        { ...requestFacts(deps, request), config, sms, log: request.log },
        {
          slug: request.params.slug,
          contactId: request.body.contact_id,
          code: request.body.verification_code,
        },
      ),
  );

  fastify.post(
    '/subscribe/:slug/resend',
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['subscriber'],
        summary: 'Text a new code (after a 30-second cooldown)',
        params: ZStationSlugParams,
        body: ZSubscriberResendRequest,
        response: { 200: ZSubscriberResendResponse, ...errors },
      },
    },
    async (request) =>
      resendSubscriberCode(
        { ...requestFacts(deps, request), config, sms, limits },
        { slug: request.params.slug, contactId: request.body.contact_id },
      ),
  );

  fastify.post(
    '/subscribe/:slug/unsubscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['subscriber'],
        summary:
          'Stop all alerts from this station to a number (same answer whether or not it was subscribed)',
        params: ZStationSlugParams,
        body: ZUnsubscribeRequest,
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) =>
      unsubscribe(
        { ...requestFacts(deps, request), sms, log: request.log },
        { slug: request.params.slug, phone: request.body.phone },
      ),
  );

  fastify.post(
    '/webhooks/sms/inbound',
    {
      preValidation: twilioSignatureCheck(deps.config, 'inbound'),
      schema: {
        tags: ['webhooks'],
        summary: "Twilio's incoming-message webhook (form post signed with X-Twilio-Signature)",
        body: ZTwilioInbound,
      },
    },
    async (request, reply) => {
      await handleInboundText(
        { ...requestFacts(deps, request), config, sms, log: request.log },
        {
          providerMessageId: request.body.MessageSid,
          from: request.body.From,
          to: request.body.To,
          body: request.body.Body,
        },
        inbox(request),
      );
      // Replies go out through the SMS provider (so they are paced and recorded like any other).
      return reply.type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  );

  // The simulator answers as the station number would: a dev tool (DEV_TOOLS), never in production.
  if (deps.config.devTools && deps.sms.name === 'outbox') {
    fastify.post(
      '/dev/api/inbound',
      {
        schema: {
          tags: ['dev'],
          summary: 'Simulate a text sent to the station number (DEV_TOOLS with the dev outbox only)',
          body: ZDevInboundRequest,
          response: { 200: ZDevInboundResponse, 400: ZErrorResponse },
        },
      },
      async (request) => {
        const reply = await handleInboundText(
          { ...requestFacts(deps, request), config, sms, log: request.log },
          {
            providerMessageId: `dev-${randomUUID()}`,
            from: request.body.from,
            to: 'outbox',
            body: request.body.body,
          },
          inbox(request),
        );
        return { reply };
      },
    );
  }
};
