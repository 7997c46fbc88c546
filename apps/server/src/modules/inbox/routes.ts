// /admin/api/inbox: the station's conversations with its subscribers, a thread, reading it, a
// reply's preview (translated, with its cost) and sending it; and the live inbox stream.
import {
  INBOX_EVENTS,
  inboxList,
  inboxMarkRead,
  inboxReply,
  inboxReplyPreview,
  inboxSaveSettings,
  inboxSettings,
  inboxThread,
  inboxUnread,
  ZErrorResponse,
  ZInboxConversations,
  ZInboxReplyPreview,
  ZInboxReplyResult,
  ZInboxSettings,
  ZInboxThread,
  ZInboxUnread,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, auditReply, auditStation, notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { openStationStream } from '../../platform/sse.js';
import { staffFacts } from '../../service-context.js';
import {
  getInboxSettings,
  getThread,
  listConversations,
  markConversationRead,
  previewReply,
  saveInboxSettings,
  sendReply,
  unreadTotal,
} from './service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const replyErrors = { ...errors, 402: ZErrorResponse, 409: ZErrorResponse, 502: ZErrorResponse };

export type TInboxRoutesDeps = Pick<
  TAppContext,
  'db' | 'events' | 'guards' | 'now' | 'onShutdown' | 'sms' | 'stationTranslation'
>;

export const inboxRoutes: FastifyPluginAsyncZod<TInboxRoutesDeps> = async (fastify, deps) => {
  const guard = { onRequest: deps.guards.requireUser };
  const context = (request: FastifyRequest) => ({
    ...staffFacts(deps, request),
    events: deps.events,
    sms: deps.sms,
    stationTranslation: deps.stationTranslation,
    clock: deps.now,
    log: request.log,
  });
  const tags = ['inbox'];

  fastify.get(
    inboxList.path,
    {
      ...guard,
      schema: {
        tags,
        summary: "The station's conversations, latest first, with unread counts",
        response: { 200: ZInboxConversations, ...errors },
      },
    },
    async (request) => listConversations(context(request)),
  );

  fastify.get(
    inboxUnread.path,
    {
      ...guard,
      schema: { tags, summary: 'Unread texts in the inbox', response: { 200: ZInboxUnread, ...errors } },
    },
    async (request) => unreadTotal(context(request)),
  );

  fastify.get(
    inboxSettings.path,
    {
      ...guard,
      schema: { tags, summary: 'Whether the auto-reply is on', response: { 200: ZInboxSettings, ...errors } },
    },
    async (request) => getInboxSettings(context(request)),
  );

  fastify.put(
    inboxSaveSettings.path,
    {
      config: audit({
        action: 'settings.inbox_updated',
        target: 'station',
        targetId: auditStation,
        details: (call) => ({ auto_reply: auditBody(call).auto_reply === true }),
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags,
        summary: 'Turn the auto-reply on or off (admins: it spends credits)',
        ...endpointSchema(inboxSaveSettings),
        response: { 200: ZInboxSettings, ...errors, 403: ZErrorResponse },
      },
    },
    async (request) => saveInboxSettings(context(request), request.body),
  );

  fastify.get(
    '/admin/api/inbox/stream',
    { ...guard, schema: { tags, summary: 'Live inbox events (text/event-stream): inbox_changed' } },
    (request, reply) => {
      openStationStream(request, reply, {
        events: deps.events,
        onShutdown: deps.onShutdown,
        accept: (event) => event.type === INBOX_EVENTS.changed,
      });
    },
  );

  fastify.get(
    inboxThread.path,
    {
      ...guard,
      schema: {
        tags,
        summary: 'A conversation: its texts as written, their translations and the replies',
        ...endpointSchema(inboxThread),
        response: { 200: ZInboxThread, ...errors },
      },
    },
    async (request) => getThread(context(request), request.params.id),
  );

  fastify.post(
    inboxMarkRead.path,
    {
      config: notAudited('The inbox (decision 0040): reading changes nothing worth a line.'),
      ...guard,
      schema: {
        tags,
        summary: 'Mark a conversation read',
        ...endpointSchema(inboxMarkRead),
        response: { 200: ZInboxUnread, ...errors },
      },
    },
    async (request) => markConversationRead(context(request), request.params.id),
  );

  fastify.post(
    inboxReplyPreview.path,
    {
      config: notAudited('A reply previewed changes nothing.'),
      ...guard,
      schema: {
        tags,
        summary: "A reply translated into the subscriber's language, with its segments and credits",
        ...endpointSchema(inboxReplyPreview),
        response: { 200: ZInboxReplyPreview, ...replyErrors },
      },
    },
    async (request) => previewReply(context(request), request.params.id, request.body),
  );

  fastify.post(
    inboxReply.path,
    {
      config: audit({
        action: 'contact.inbox_replied',
        target: 'inbox_conversation',
        // A reply costs credits.
        details: (call) => ({ credits: auditReply(call).credits ?? 0 }),
      }),
      ...guard,
      schema: {
        tags,
        summary: 'Send a reply (one credit per segment of the text sent)',
        ...endpointSchema(inboxReply),
        response: { 200: ZInboxReplyResult, ...replyErrors },
      },
    },
    async (request) => sendReply(context(request), request.params.id, request.body),
  );
};
