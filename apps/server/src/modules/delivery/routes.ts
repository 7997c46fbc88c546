// Sending a message by SMS (spec §7 send-sms), its progress, and Twilio's status callbacks.
import {
  ZDeliveryProgress,
  ZErrorResponse,
  ZMessageIdParams,
  ZSendConflictResponse,
  ZSendHeaders,
  ZSendPreview,
  ZSendRequest,
  ZSendResult,
  ZTwilioStatusCallback,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { authOf } from '../../platform/guards.js';
import { twilioSignatureCheck } from '../../providers/sms/twilio-webhook.js';
import { publishProgress } from './dispatcher.js';
import { acceptSend, previewSend } from './send.js';
import { applyStatusCallback, deliveryProgress } from './status.js';
import type { TDispatchQueue } from './worker.js';

const errors = {
  400: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** What these routes use from the app, and the dispatch queue, handed over as the plugin's options. */
export type TDeliveryRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'events' | 'guards' | 'now'> & {
  dispatch: TDispatchQueue;
};

export const deliveryRoutes: FastifyPluginAsyncZod<TDeliveryRoutesDeps> = async (fastify, deps) => {
  const { dispatch } = deps;
  const guard = { onRequest: deps.guards.requireUser };

  fastify.get(
    '/admin/api/messages/:id/send-sms/preview',
    {
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: 'What a send would do: recipients, segments per language, credits, quiet-hours waits',
        params: ZMessageIdParams,
        response: { 200: ZSendPreview, ...errors },
      },
    },
    async (request) => previewSend(deps.db, authOf(request), request.params.id, deps.now()),
  );

  fastify.post(
    '/admin/api/messages/:id/send-sms',
    {
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: 'Send the message to every active subscriber of its type, each in their language',
        description:
          'A retry with the same Idempotency-Key answers the first send and sends nothing. A message that already has a send answers 409 (send_in_progress or already_sent) unless the body says send_again.',
        params: ZMessageIdParams,
        headers: ZSendHeaders,
        body: ZSendRequest,
        response: {
          200: ZSendResult,
          ...errors,
          409: ZSendConflictResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const result = await acceptSend(deps.db, auth, request.params.id, deps.now(), {
        idempotencyKey: request.headers['idempotency-key'],
        sendAgain: request.body?.send_again === true,
      });
      await dispatch.wake(auth.stationId);
      await deps.events.publish({
        stationId: auth.stationId,
        type: 'sms_progress',
        data: { message_id: request.params.id },
      });
      return result;
    },
  );

  fastify.get(
    '/admin/api/messages/:id/deliveries',
    {
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: 'Delivery progress of every send of the message, per language',
        params: ZMessageIdParams,
        response: { 200: ZDeliveryProgress, 404: ZErrorResponse },
      },
    },
    async (request) => deliveryProgress(deps.db, authOf(request).stationId, request.params.id, deps.now()),
  );

  fastify.post(
    '/webhooks/sms/status',
    {
      preValidation: twilioSignatureCheck(deps.config),
      schema: {
        tags: ['webhooks'],
        summary: "Twilio's status callback (form post signed with X-Twilio-Signature)",
        body: ZTwilioStatusCallback,
      },
    },
    async (request, reply) => {
      const moved = await applyStatusCallback(deps.db, {
        providerMessageId: request.body.MessageSid,
        status: request.body.MessageStatus,
        errorCode: request.body.ErrorCode,
        at: deps.now(),
      });
      if (moved) await publishProgress({ db: deps.db, events: deps.events }, moved.stationId, [moved.sendId]);
      return reply.status(204).send();
    },
  );
};
