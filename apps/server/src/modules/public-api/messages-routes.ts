// /api/v1/messages: list, read, write with target languages, and follow the translations (poll
// GET …/translations, or stream GET …/events until every translation is final).
import {
  EVENT_STREAM_RETRY_MS,
  type TApiTranslationState,
  type TMessage,
  ZApiTranslationState,
  ZErrorResponse,
  ZMessage,
  ZMessageIdParams,
  ZMessageList,
  ZMessageRequest,
  ZMessagesQuery,
} from '@message-station/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit, createdRule } from '../../platform/audit-rule.js';
import { AppError } from '../../platform/errors.js';
import type { TStationEvent } from '../../platform/event-bus.js';
import { openEventStream } from '../../platform/sse.js';
import { createMessage, getMessage, listMessages } from '../messages/service.js';
import type { TPublicApiDeps } from './deps.js';
import { COMMON_ERRORS, keyFacts, operation } from './operation.js';

const errors = { ...COMMON_ERRORS, 400: ZErrorResponse, 404: ZErrorResponse };

export function translationState(message: TMessage): TApiTranslationState {
  return {
    message_id: message.id,
    final: message.translations.every((t) => t.translation_status !== 'pending'),
    translations: message.translations,
  };
}

const MESSAGE_EVENTS = new Set(['translation_updated', 'message_updated', 'message_deleted']);

export const messagesV1Routes: FastifyPluginAsyncZod<TPublicApiDeps> = async (fastify, deps) => {
  const { requireScope } = deps.keyAuth;
  const read = { preValidation: requireScope('messages:read') };
  /** The key's facts, and what a message shows of modules above messages. */
  const messageFacts = (request: FastifyRequest) => ({
    ...keyFacts(deps, request),
    messageParts: deps.messageParts,
  });

  fastify.get(
    '/api/v1/messages',
    {
      ...read,
      schema: operation('messages:read', {
        operationId: 'listMessages',
        summary: "The station's messages, newest first, with their translations",
        description:
          'The same list as the web app: each message with its translations and `last_send` (its latest SMS send, or null).',
        querystring: ZMessagesQuery,
        response: { 200: ZMessageList, ...errors },
      }),
    },
    async (request) => listMessages(messageFacts(request), request.query),
  );

  fastify.get(
    '/api/v1/messages/:id',
    {
      ...read,
      schema: operation('messages:read', {
        operationId: 'getMessage',
        summary: 'One message with its translations and their status',
        params: ZMessageIdParams,
        response: { 200: ZMessage, ...errors },
      }),
    },
    async (request) => getMessage(messageFacts(request), request.params.id),
  );

  fastify.post(
    '/api/v1/messages',
    {
      config: audit(createdRule('message.created', 'message', 'title')),
      preValidation: requireScope('messages:write'),
      schema: operation('messages:write', {
        operationId: 'createMessage',
        summary: 'Write a message; one translation per target language starts in the background',
        description:
          'The same body as the web app. Follow the translations by polling `GET /api/v1/messages/{id}/translations` until `final` is true, or stream `GET /api/v1/messages/{id}/events`. Where the station requires approval for the type, the message waits for an admin’s approval before it can be sent.',
        body: ZMessageRequest,
        response: { 201: ZMessage, ...errors },
      }),
    },
    async (request, reply) => {
      const message = await createMessage(
        {
          ...messageFacts(request),
          events: deps.events,
          translationQueue: deps.translationQueue,
        },
        request.body,
      );
      return reply.status(201).send(message);
    },
  );

  fastify.get(
    '/api/v1/messages/:id/translations',
    {
      ...read,
      schema: operation('messages:read', {
        operationId: 'getMessageTranslations',
        summary: "Where the message's translations stand; `final` once none is pending",
        params: ZMessageIdParams,
        response: { 200: ZApiTranslationState, ...errors },
      }),
    },
    async (request) => translationState(await getMessage(messageFacts(request), request.params.id)),
  );

  fastify.get(
    '/api/v1/messages/:id/events',
    {
      ...read,
      schema: operation('messages:read', {
        operationId: 'streamMessageEvents',
        summary: "The message's translations as they finish (text/event-stream), until all are final",
        description:
          'Server-sent events. The stream opens with `retry: 5000` (EventSource clients wait 5 s before reconnecting), then `translations` with the state (as GET …/translations), then one `translation` event per translation that changed, then `done` with the final state, and the stream ends. A message whose translations are all final answers 204 No Content (nothing left to stream; read GET …/translations): an EventSource that reconnects after `done` gets it and stops reconnecting. A message deleted meanwhile ends the stream with `deleted`; a reconnect then answers 404, which stops EventSource too. Comment lines (`: heartbeat`) keep proxies from closing an idle stream.',
        params: ZMessageIdParams,
        produces: ['text/event-stream'],
        response: { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      }),
    },
    async (request, reply) => {
      const facts = messageFacts(request);
      const messageId = request.params.id;
      let state = translationState(await getMessage(facts, messageId));
      // Nothing left to stream (an EventSource reconnecting after `done`, with or without
      // Last-Event-ID): 204 is what makes a WHATWG EventSource stop reconnecting.
      // (Not in the response schema: the OpenAPI document, document.ts, describes it.)
      if (state.final) {
        return (reply as FastifyReply).status(204).header('cache-control', 'no-store').send();
      }
      const statusOf = (s: TApiTranslationState) =>
        new Map(s.translations.map((t) => [t.language_code, `${t.translation_status}:${t.updated_at}`]));
      let ended = false;
      let chain = Promise.resolve();
      // Reads the message again and says what changed; the reads take turns.
      const refresh = () => {
        chain = chain.then(async () => {
          if (ended) return;
          const before = statusOf(state);
          try {
            state = translationState(await getMessage(facts, messageId));
          } catch (error) {
            if (!(error instanceof AppError) || error.statusCode !== 404) throw error;
            finish('deleted', { message_id: messageId });
            return;
          }
          for (const translation of state.translations) {
            const now = `${translation.translation_status}:${translation.updated_at}`;
            if (before.get(translation.language_code) !== now) stream.send('translation', translation);
          }
          if (state.final) finish('done', state);
        });
        chain = chain.catch((error: unknown) => {
          request.log.error({ err: error }, 'message event stream refresh failed');
        });
      };
      const stream = openEventStream(request, reply, {
        events: deps.events,
        key: facts.stationId,
        first: { event: 'translations', data: state },
        onShutdown: deps.onShutdown,
        retryMs: EVENT_STREAM_RETRY_MS,
        // Only this message's news, and not as it came: each is read again and sent in its shape.
        accept: (event: TStationEvent) => {
          if (MESSAGE_EVENTS.has(event.type) && event.data.message_id === messageId) refresh();
          return false;
        },
      });
      function finish(event: string, data: unknown) {
        if (ended) return;
        ended = true;
        stream.send(event, data);
        stream.end();
      }
      // A translation that finished between the first read and the subscription is not missed.
      refresh();
    },
  );
};
