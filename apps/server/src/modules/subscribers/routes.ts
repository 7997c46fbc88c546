// Public subscriber calls, the inbound SMS webhook and its dev simulator.
import { randomUUID } from 'node:crypto';
import {
  devInbound,
  subscribersInfo,
  subscribersRegister,
  subscribersResend,
  subscribersUnsubscribe,
  subscribersVerify,
  ZDevInboundResponse,
  ZErrorResponse,
  ZMessageResponse,
  ZStationPublicInfo,
  ZSubscribeResponse,
  ZSubscriberResendResponse,
  ZTwilioInbound,
} from '@message-station/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { twilioSignatureCheck } from '../../providers/sms/twilio-webhook.js';
import { requestFacts } from '../../service-context.js';
import { handleInboundText, type TConversationIntake } from './keywords.js';
import {
  registerSubscriber,
  resendSubscriberCode,
  stationPublicInfo,
  type TLanguageCoverage,
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
> & {
  /**
   * Where a text that is no keyword goes: the station's inbox (decision 0040). The inbox module
   * imports subscribers, so app.ts hands its intake in rather than subscribers importing it back.
   */
  inboxIntake: (log: FastifyBaseLogger) => TConversationIntake;
  /** The languages' coverage the join page shows (translation; app.ts hands it in). */
  languageCoverage: TLanguageCoverage;
};

export const subscriberRoutes: FastifyPluginAsyncZod<TSubscriberRoutesDeps> = async (fastify, deps) => {
  const { config, sms, limits } = deps;
  // Texts that are no keyword go to the station's inbox (decision 0040).
  const inbox = (request: { log: FastifyBaseLogger }): TConversationIntake => deps.inboxIntake(request.log);

  fastify.get(
    subscribersInfo.path,
    {
      schema: {
        tags: ['subscriber'],
        summary: "A station's join page: branding, languages, alert types, consent text",
        ...endpointSchema(subscribersInfo),
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
    subscribersRegister.path,
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['subscriber'],
        summary: 'Join: choose alert types and languages, consent, and receive a code by SMS',
        ...endpointSchema(subscribersRegister),
        response: { 200: ZSubscribeResponse, ...errors },
      },
    },
    async (request) =>
      registerSubscriber(
        { ...requestFacts(deps, request), config, sms, limits, events: deps.events, log: request.log },
        { ...request.body, slug: request.params.slug },
      ),
  );

  fastify.post(
    subscribersVerify.path,
    {
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      schema: {
        tags: ['subscriber'],
        summary: 'Confirm the number with its code; the choices take effect',
        ...endpointSchema(subscribersVerify),
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) =>
      verifySubscriber(
        { ...requestFacts(deps, request), config, sms, events: deps.events, log: request.log },
        {
          slug: request.params.slug,
          contactId: request.body.contact_id,
          code: request.body.verification_code,
        },
      ),
  );

  fastify.post(
    subscribersResend.path,
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['subscriber'],
        summary: 'Text a new code (after a 30-second cooldown)',
        ...endpointSchema(subscribersResend),
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
    subscribersUnsubscribe.path,
    {
      config: { rateLimit: { max: 20, timeWindow: HOUR_MS } },
      schema: {
        tags: ['subscriber'],
        summary:
          'Stop all alerts from this station to a number (same answer whether or not it was subscribed)',
        ...endpointSchema(subscribersUnsubscribe),
        response: { 200: ZMessageResponse, ...errors },
      },
    },
    async (request) =>
      unsubscribe(
        { ...requestFacts(deps, request), sms, events: deps.events, log: request.log },
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
        { ...requestFacts(deps, request), config, sms, events: deps.events, log: request.log },
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
      devInbound.path,
      {
        schema: {
          tags: ['dev'],
          summary: 'Simulate a text sent to the station number (DEV_TOOLS with the dev outbox only)',
          ...endpointSchema(devInbound),
          response: { 200: ZDevInboundResponse, 400: ZErrorResponse },
        },
      },
      async (request) => {
        const reply = await handleInboundText(
          { ...requestFacts(deps, request), config, sms, events: deps.events, log: request.log },
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
