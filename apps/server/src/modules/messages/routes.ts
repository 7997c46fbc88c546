// /admin/api/messages: list, create, edit (re-translates), delete, hand-corrected translations,
// and the live stream of the station's message events (Server-Sent Events).
import {
  messagesBackTranslation,
  messagesChooseCorrection,
  messagesCreate,
  messagesEditTranslation,
  messagesFromPhrasebook,
  messagesList,
  messagesRemove,
  messagesReviewTranslation,
  messagesUpdate,
  ZBackTranslation,
  ZErrorResponse,
  ZMessage,
  ZMessageList,
  ZOk,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, createdRule, notAudited, replyLabel } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { openStationStream } from '../../platform/sse.js';
import { staffFacts } from '../../service-context.js';
import { messageChangeAudit, messageLanguageAudit } from './audit-service.js';
import { createPhraseMessage } from './phrase-service.js';
import {
  backTranslate,
  chooseCorrection,
  createMessage,
  deleteMessage,
  editTranslation,
  listMessages,
  reviewTranslation,
  updateMessage,
} from './service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const conflictErrors = { ...errors, 409: ZErrorResponse };

/** What these routes use from the app, handed over as the plugin's options. */
export type TMessageRoutesDeps = Pick<
  TAppContext,
  | 'db'
  | 'events'
  | 'guards'
  | 'messageParts'
  | 'now'
  | 'onShutdown'
  | 'translationQueue'
  | 'stationTranslation'
>;

export const messageRoutes: FastifyPluginAsyncZod<TMessageRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({
    ...staffFacts(deps, request),
    events: deps.events,
    translationQueue: deps.translationQueue,
    stationTranslation: deps.stationTranslation,
    messageParts: deps.messageParts,
  });
  const guard = { onRequest: deps.guards.requireUser };

  fastify.get(
    messagesList.path,
    {
      ...guard,
      schema: {
        tags: ['messages'],
        summary: "The station's messages, newest first, with their translations",
        description:
          'Each message carries `last_send`: its latest SMS send (when it was made, its texts in all, ' +
          'still in flight and of those held for quiet hours, sent, delivered, failed), counted from the ' +
          'delivery rollups; null when the message was never sent by SMS.',
        ...endpointSchema(messagesList),
        response: { 200: ZMessageList, ...errors },
      },
    },
    async (request) => listMessages(context(request), request.query),
  );

  fastify.post(
    messagesCreate.path,
    {
      config: audit(createdRule('message.created', 'message', 'title')),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: 'Write a message; one translation per target language starts in the background',
        ...endpointSchema(messagesCreate),
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      return reply.status(201).send(await createMessage(ctx, request.body));
    },
  );

  fastify.post(
    messagesFromPhrasebook.path,
    {
      config: audit({
        ...createdRule('message.created', 'message', 'title'),
        // An emergency template (decision 0050): which entry it came from is kept.
        details: (call) => ({ ...replyLabel('title')(call), phrase_id: auditBody(call).phrase_id ?? null }),
      }),
      ...guard,
      schema: {
        tags: ['messages'],
        summary:
          "Write a message from the vetted alert phrasebook: every language is the phrasebook's, fields inserted as typed, no engine asked",
        ...endpointSchema(messagesFromPhrasebook),
        response: { 201: ZMessage, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = context(request);
      return reply.status(201).send(await createPhraseMessage(ctx, request.body));
    },
  );

  fastify.put(
    messagesUpdate.path,
    {
      config: audit(messageChangeAudit('message.updated')),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: 'Edit a message and translate it again (hand corrections of the same original stay)',
        ...endpointSchema(messagesUpdate),
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) => updateMessage(context(request), request.params.id, request.body, request.audit),
  );

  fastify.delete(
    messagesRemove.path,
    {
      config: audit(messageChangeAudit('message.deleted')),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: 'Delete a message',
        ...endpointSchema(messagesRemove),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await deleteMessage(context(request), request.params.id, request.audit);
      return { ok: true as const };
    },
  );

  fastify.put(
    messagesEditTranslation.path,
    {
      config: audit(messageLanguageAudit('message.translation_edited')),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: 'Correct a translation by hand',
        ...endpointSchema(messagesEditTranslation),
        response: { 200: ZMessage, ...errors },
      },
    },
    async (request) =>
      editTranslation(
        context(request),
        request.params.id,
        request.params.language,
        request.body.translated_text,
      ),
  );

  fastify.post(
    messagesReviewTranslation.path,
    {
      config: audit(messageLanguageAudit('message.translation_reviewed')),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: 'Mark a finished machine translation as reviewed by staff',
        ...endpointSchema(messagesReviewTranslation),
        response: { 200: ZMessage, ...conflictErrors },
      },
    },
    async (request) => reviewTranslation(context(request), request.params.id, request.params.language),
  );

  // A POST: it calls a paid engine each time (not a cacheable read), though it changes nothing.
  fastify.post(
    messagesBackTranslation.path,
    {
      config: notAudited('Changes nothing: the translation read back by an engine.'),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: "A translation put back into the original's language, to check that the meaning survived",
        ...endpointSchema(messagesBackTranslation),
        response: { 200: ZBackTranslation, ...conflictErrors, 502: ZErrorResponse },
      },
    },
    async (request) => backTranslate(context(request), request.params.id, request.params.language),
  );

  fastify.post(
    messagesChooseCorrection.path,
    {
      config: audit(
        messageLanguageAudit('message.translation_chosen', (call) => ({
          kept: (call.request.body as { keep?: string } | undefined)?.keep ?? null,
        })),
      ),
      ...guard,
      schema: {
        tags: ['messages'],
        summary: 'After the original changed: keep the earlier correction or the new machine translation',
        ...endpointSchema(messagesChooseCorrection),
        response: { 200: ZMessage, ...conflictErrors },
      },
    },
    async (request) =>
      chooseCorrection(context(request), request.params.id, request.params.language, request.body.keep),
  );

  fastify.get(
    '/admin/api/messages/stream',
    {
      ...guard,
      schema: { tags: ['messages'], summary: "Live events of the station's messages (text/event-stream)" },
    },
    (request, reply) => {
      openStationStream(request, reply, { events: deps.events, onShutdown: deps.onShutdown });
    },
  );
};
