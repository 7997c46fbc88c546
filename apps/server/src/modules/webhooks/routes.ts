// /admin/api/webhooks: a station's outbound webhook endpoints, their secrets and the delivery log.
// Admins only: an endpoint receives the station's subscribers' numbers and texts.
import {
  webhooksCreate,
  webhooksDeliveries,
  webhooksDelivery,
  webhooksList,
  webhooksRemove,
  webhooksReplay,
  webhooksRevealSecret,
  webhooksRollSecret,
  webhooksTest,
  webhooksUpdate,
  ZErrorResponse,
  ZOk,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookDeliveryList,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  ZWebhookEndpointList,
  ZWebhookSecret,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import {
  audit,
  auditReply,
  paramView,
  replyId,
  type TAuditRule,
  viewLabel,
} from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revealWebhookSecret,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
  webhookAuditView,
} from './service.js';
import type { TWebhookQueue } from './worker.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const conflictErrors = { ...errors, 409: ZErrorResponse };

export type TWebhookRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'> & {
  webhooks: TWebhookQueue;
};

/** An edit or a deletion: the handler hands the endpoint as it was, locked in the change's transaction. */
const webhookChangeAudit = (action: string): TAuditRule => ({
  action,
  target: 'webhook',
  details: viewLabel('url'),
});

/** An outbound webhook endpoint as admins change it (never its secret), for the audit log. */
const webhookAudit = (db: Db, action: string): TAuditRule => ({
  ...webhookChangeAudit(action),
  view: paramView(db, getWebhookEndpoint, webhookAuditView),
});

export const webhookRoutes: FastifyPluginAsyncZod<TWebhookRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({ ...staffFacts(deps, request), config: deps.config });
  const wake = () => deps.webhooks.wake();
  const admin = { onRequest: deps.guards.requireAdmin };
  const tags = ['webhooks'];

  fastify.get(
    webhooksList.path,
    {
      ...admin,
      schema: {
        tags,
        summary: "The station's webhook endpoints",
        response: { 200: ZWebhookEndpointList, ...errors },
      },
    },
    async (request) => listWebhookEndpoints(context(request)),
  );

  fastify.post(
    webhooksCreate.path,
    {
      config: audit({
        action: 'webhook.created',
        target: 'webhook',
        targetId: replyId,
        details: (call) => ({
          label: auditReply(call).url ?? null,
          events: ((auditReply(call).events ?? []) as string[]).join(', '),
        }),
      }),
      ...admin,
      schema: {
        tags,
        summary: 'Add an endpoint; its signing secret is in this answer',
        ...endpointSchema(webhooksCreate),
        response: { 201: ZWebhookEndpointCreated, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhookEndpoint(context(request), request.body)),
  );

  fastify.patch(
    webhooksUpdate.path,
    {
      config: audit(webhookChangeAudit('webhook.updated')),
      ...admin,
      schema: {
        tags,
        summary: 'Edit an endpoint, or turn it off or on (on again, its failure count starts over)',
        ...endpointSchema(webhooksUpdate),
        response: { 200: ZWebhookEndpoint, ...errors },
      },
    },
    async (request) =>
      updateWebhookEndpoint(context(request), request.params.id, request.body, request.audit),
  );

  fastify.delete(
    webhooksRemove.path,
    {
      config: audit(webhookChangeAudit('webhook.deleted')),
      ...admin,
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        ...endpointSchema(webhooksRemove),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(context(request), request.params.id, request.audit);
      return { ok: true as const };
    },
  );

  fastify.post(
    webhooksRevealSecret.path,
    {
      config: audit(webhookAudit(deps.db, 'webhook.secret_revealed')),
      ...admin,
      schema: {
        tags,
        summary: "The endpoint's signing secret (recorded in the audit log)",
        ...endpointSchema(webhooksRevealSecret),
        response: { 200: ZWebhookSecret, ...errors },
      },
    },
    async (request) => revealWebhookSecret(context(request), request.params.id),
  );

  fastify.post(
    webhooksRollSecret.path,
    {
      config: audit(webhookAudit(deps.db, 'webhook.secret_rolled')),
      ...admin,
      schema: {
        tags,
        summary: 'A new signing secret, used from the next delivery on; the old one stops at once',
        ...endpointSchema(webhooksRollSecret),
        response: { 200: ZWebhookSecret, ...errors },
      },
    },
    async (request) => rollWebhookSecret(context(request), request.params.id),
  );

  fastify.post(
    webhooksTest.path,
    {
      config: audit(webhookAudit(deps.db, 'webhook.test_sent')),
      ...admin,
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint',
        ...endpointSchema(webhooksTest),
        response: { 202: ZWebhookDelivery, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendWebhookTest(context(request), request.params.id, wake)),
  );

  fastify.get(
    webhooksDeliveries.path,
    {
      ...admin,
      schema: {
        tags,
        summary: 'The delivery log, newest first (by endpoint, status, event type)',
        ...endpointSchema(webhooksDeliveries),
        response: { 200: ZWebhookDeliveryList, ...errors },
      },
    },
    async (request) => listWebhookDeliveries(context(request), request.query),
  );

  fastify.get(
    webhooksDelivery.path,
    {
      ...admin,
      schema: {
        tags,
        summary: 'One delivery: its payload and every attempt',
        ...endpointSchema(webhooksDelivery),
        response: { 200: ZWebhookDeliveryDetail, ...errors },
      },
    },
    async (request) => getWebhookDelivery(context(request), request.params.id),
  );

  fastify.post(
    webhooksReplay.path,
    {
      config: audit({
        action: 'webhook.delivery_replayed',
        target: 'webhook_delivery',
        details: (call) => ({
          label: auditReply(call).endpoint_url ?? null,
          event_type: auditReply(call).event_type ?? null,
        }),
      }),
      ...admin,
      schema: {
        tags,
        summary: 'Send the same event again (same id, fresh signature)',
        ...endpointSchema(webhooksReplay),
        response: { 202: ZWebhookDelivery, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await replayWebhookDelivery(context(request), request.params.id, wake)),
  );
};
