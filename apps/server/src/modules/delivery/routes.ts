// Sending a message by SMS, its progress, and Twilio's status callbacks.
import {
  deliveryCsv,
  deliveryPreview,
  deliveryProgress as deliveryProgressEntry,
  deliveryRecipients,
  deliverySend,
  ZDeliveryProgress,
  ZDeliveryRecipients,
  ZErrorResponse,
  ZSendConflictResponse,
  ZSendHeaders,
  ZSendPreview,
  ZSendResult,
  ZTwilioStatusCallback,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { twilioSignatureCheck } from '../../providers/sms/twilio-webhook.js';
import { requestFacts, staffFacts } from '../../service-context.js';
import { smsSentAudit } from '../messages/audit-service.js';
import { publishProgress } from './dispatcher.js';
import { deliveriesCsv, listRecipients } from './report.js';
import { previewSend } from './send.js';
import { startSend } from './start-send.js';
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
export type TDeliveryRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'email' | 'events' | 'guards' | 'now'
> & {
  dispatch: TDispatchQueue;
};

export const deliveryRoutes: FastifyPluginAsyncZod<TDeliveryRoutesDeps> = async (fastify, deps) => {
  const { dispatch } = deps;
  const guard = { onRequest: deps.guards.requireUser };

  fastify.get(
    deliveryPreview.path,
    {
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: 'What a send would do: recipients, segments per language, credits, quiet-hours waits',
        ...endpointSchema(deliveryPreview),
        response: { 200: ZSendPreview, ...errors },
      },
    },
    async (request) => previewSend(staffFacts(deps, request), request.params.id),
  );

  fastify.post(
    deliverySend.path,
    {
      config: audit(smsSentAudit(deps.db)),
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: 'Send the message to every active subscriber of its type, each in their language',
        description:
          'A retry with the same Idempotency-Key answers the first send and sends nothing. A message that already has a send answers 409 (send_in_progress or already_sent) unless the body says send_again. A correction made for an older original answers 409 correction_choice_needed until staff choose; where the station requires review for the type, unreviewed texts answer 409 review_required (an emergency: review_required_emergency unless the body says send_unreviewed).',
        ...endpointSchema(deliverySend),
        headers: ZSendHeaders,
        response: {
          200: ZSendResult,
          ...errors,
          409: ZSendConflictResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const context = staffFacts(deps, request);
      return startSend(
        context,
        { dispatch, events: deps.events, email: deps.email, config: deps.config, log: request.log },
        {
          messageId: request.params.id,
          idempotencyKey: request.headers['idempotency-key'],
          body: request.body,
        },
      );
    },
  );

  fastify.get(
    deliveryProgressEntry.path,
    {
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: 'Delivery progress of every send of the message, per language',
        ...endpointSchema(deliveryProgressEntry),
        response: { 200: ZDeliveryProgress, 404: ZErrorResponse },
      },
    },
    async (request) => deliveryProgress(staffFacts(deps, request), request.params.id),
  );

  fastify.get(
    deliveryRecipients.path,
    {
      ...guard,
      schema: {
        tags: ['delivery'],
        summary: "A page of the message's texts: recipient (number masked), status, failure reason, times",
        ...endpointSchema(deliveryRecipients),
        response: { 200: ZDeliveryRecipients, 404: ZErrorResponse },
      },
    },
    async (request) => listRecipients(staffFacts(deps, request), request.params.id, request.query),
  );

  fastify.get(
    deliveryCsv.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['delivery'],
        summary:
          'Every text of every send of the message as CSV: recipient, status, failure reason and times (UTF-8 with BOM; no cell can start a formula)',
        ...endpointSchema(deliveryCsv),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const facts = staffFacts(deps, request);
      const csv = await deliveriesCsv(facts, request.params.id);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="deliveries-${request.params.id}.csv"`)
        .send(csv);
    },
  );

  fastify.post(
    '/webhooks/sms/status',
    {
      preValidation: twilioSignatureCheck(deps.config, 'status'),
      schema: {
        tags: ['webhooks'],
        summary: "Twilio's status callback (form post signed with X-Twilio-Signature)",
        body: ZTwilioStatusCallback,
      },
    },
    async (request, reply) => {
      const moved = await applyStatusCallback(requestFacts(deps, request), {
        providerMessageId: request.body.MessageSid,
        status: request.body.MessageStatus,
        errorCode: request.body.ErrorCode,
      });
      if (moved) await publishProgress({ db: deps.db, events: deps.events }, moved.stationId, [moved.sendId]);
      return reply.status(204).send();
    },
  );
};
