// /api/v1/messages/{id}/send-sms and its reports: the admin send (delivery module) with its
// Idempotency-Key, approval, review and credit rules, the send's progress, and a page of recipients.
import {
  ZApiSendHeaders,
  ZDeliveryProgress,
  ZDeliveryRecipients,
  ZDeliveryRecipientsQuery,
  ZErrorResponse,
  ZMessageIdParams,
  ZSendConflictResponse,
  ZSendPreview,
  ZSendPreviewQuery,
  ZSendRequest,
  ZSendResult,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit } from '../../platform/audit-rule.js';
import { deliveryProgress, listRecipients, previewSend, startSend } from '../delivery/service.js';
import { smsSentAudit } from '../messages/audit-service.js';
import type { TPublicApiDeps } from './deps.js';
import { COMMON_ERRORS, keyFacts, operation } from './operation.js';

const errors = { ...COMMON_ERRORS, 400: ZErrorResponse, 404: ZErrorResponse };

export const sendingV1Routes: FastifyPluginAsyncZod<TPublicApiDeps> = async (fastify, deps) => {
  const { requireScope } = deps.keyAuth;

  fastify.get(
    '/api/v1/messages/:id/send-sms/preview',
    {
      preValidation: requireScope('sms:send'),
      schema: operation('sms:send', {
        operationId: 'previewMessageSms',
        summary: 'What a send would do: recipients, segments and credits per language, quiet-hours waits',
        description:
          'As a key sends (unattended, decision 0050): `delivery` says per language whether subscribers get the translation or the original with the untranslated notice. `?send_unreviewed=true` previews a send whose caller vouches for the engine texts.',
        params: ZMessageIdParams,
        querystring: ZSendPreviewQuery,
        response: { 200: ZSendPreview, ...errors, 402: ZErrorResponse, 409: ZErrorResponse },
      }),
    },
    async (request) =>
      previewSend(
        keyFacts(deps, request),
        request.params.id,
        request.query.send_unreviewed === 'true' ? 'attended' : 'unattended',
      ),
  );

  fastify.post(
    '/api/v1/messages/:id/send-sms',
    {
      config: audit(smsSentAudit(deps.db)),
      preValidation: requireScope('sms:send'),
      schema: operation('sms:send', {
        operationId: 'sendMessageSms',
        summary: 'Send the message by SMS to every active subscriber of its type, each in their language',
        description:
          'Requires an `Idempotency-Key` header (1–200 visible ASCII characters, e.g. a UUID): a retry with the same key answers the first send again and sends nothing more; the same key on another message answers 422 `idempotency_key_reused`. A key sends unattended (decision 0050): each language gets its translation only when staff wrote or reviewed it, it comes from the phrasebook, or an engine the station marked trusted wrote it; other subscribers get the original with one vetted line in their language saying it is not translated. With `send_unreviewed: true` the caller vouches for the engine texts and the web app rules apply instead: unreviewed texts where the station requires review answer 409 `review_required` (an emergency is sent). The preview answers the same with `?send_unreviewed=true`. A message that waits for approval answers 409 `approval_required`; a message already sent answers 409 `already_sent` or `send_in_progress` unless the body says `send_again`; a language whose SMS would pass 1,600 characters (station name and opt-out line included: the preview lists it in `too_long_languages`) answers 409 `sms_too_long` and nothing is sent; too few credits answer 402 `not_enough_credits` and nothing is sent.',
        params: ZMessageIdParams,
        headers: ZApiSendHeaders,
        body: ZSendRequest,
        response: {
          200: ZSendResult,
          ...errors,
          402: ZErrorResponse,
          409: ZSendConflictResponse,
          422: ZErrorResponse,
        },
      }),
    },
    async (request) => {
      const facts = keyFacts(deps, request);
      return startSend(
        facts,
        { ...deps, log: request.log },
        {
          messageId: request.params.id,
          idempotencyKey: request.headers['idempotency-key'],
          body: request.body,
          mode: request.body?.send_unreviewed === true ? 'attended' : 'unattended',
        },
      );
    },
  );

  fastify.get(
    '/api/v1/messages/:id/deliveries',
    {
      preValidation: requireScope('reports:read'),
      schema: operation('reports:read', {
        operationId: 'getMessageDeliveries',
        summary: "Delivery progress of the message's sends, in all and per language",
        params: ZMessageIdParams,
        response: { 200: ZDeliveryProgress, ...errors },
      }),
    },
    async (request) => deliveryProgress(keyFacts(deps, request), request.params.id),
  );

  fastify.get(
    '/api/v1/messages/:id/recipients',
    {
      preValidation: requireScope('reports:read'),
      schema: operation('reports:read', {
        operationId: 'listMessageRecipients',
        summary: "A page of the message's texts: recipient (number masked), language, stage, failure reason",
        description: 'Paginated with `limit` (1–200, default 50) and `offset`; `total` counts every match.',
        params: ZMessageIdParams,
        querystring: ZDeliveryRecipientsQuery,
        response: { 200: ZDeliveryRecipients, ...errors },
      }),
    },
    async (request) => listRecipients(keyFacts(deps, request), request.params.id, request.query),
  );
};
