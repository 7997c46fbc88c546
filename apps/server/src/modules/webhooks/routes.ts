// /admin/api/webhooks: a station's outbound webhook endpoints, their secrets and the delivery log.
// Admins only: an endpoint receives the station's subscribers' numbers and texts.
import {
  ZErrorResponse,
  ZOk,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookDeliveryIdParams,
  ZWebhookDeliveryList,
  ZWebhookDeliveryQuery,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  ZWebhookEndpointList,
  ZWebhookEndpointRequest,
  ZWebhookEndpointUpdate,
  ZWebhookIdParams,
  ZWebhookSecret,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revealWebhookSecret,
  rollWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from './service.js';
import type { TWebhookQueue } from './worker.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const conflictErrors = { ...errors, 409: ZErrorResponse };

export type TWebhookRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'> & {
  webhooks: TWebhookQueue;
};

export const webhookRoutes: FastifyPluginAsyncZod<TWebhookRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({ ...staffFacts(deps, request), config: deps.config });
  const wake = () => deps.webhooks.wake();
  const admin = { onRequest: deps.guards.requireAdmin };
  const tags = ['webhooks'];

  fastify.get(
    '/admin/api/webhooks',
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
    '/admin/api/webhooks',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add an endpoint; its signing secret is in this answer',
        body: ZWebhookEndpointRequest,
        response: { 201: ZWebhookEndpointCreated, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWebhookEndpoint(context(request), request.body)),
  );

  fastify.patch(
    '/admin/api/webhooks/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Edit an endpoint, or turn it off or on (on again, its failure count starts over)',
        params: ZWebhookIdParams,
        body: ZWebhookEndpointUpdate,
        response: { 200: ZWebhookEndpoint, ...errors },
      },
    },
    async (request) => updateWebhookEndpoint(context(request), request.params.id, request.body),
  );

  fastify.delete(
    '/admin/api/webhooks/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete an endpoint and its delivery log',
        params: ZWebhookIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await deleteWebhookEndpoint(context(request), request.params.id);
      return { ok: true as const };
    },
  );

  fastify.post(
    '/admin/api/webhooks/:id/secret/reveal',
    {
      ...admin,
      schema: {
        tags,
        summary: "The endpoint's signing secret (recorded in the audit log)",
        params: ZWebhookIdParams,
        response: { 200: ZWebhookSecret, ...errors },
      },
    },
    async (request) => revealWebhookSecret(context(request), request.params.id),
  );

  fastify.post(
    '/admin/api/webhooks/:id/secret/roll',
    {
      ...admin,
      schema: {
        tags,
        summary: 'A new signing secret, used from the next delivery on; the old one stops at once',
        params: ZWebhookIdParams,
        response: { 200: ZWebhookSecret, ...errors },
      },
    },
    async (request) => rollWebhookSecret(context(request), request.params.id),
  );

  fastify.post(
    '/admin/api/webhooks/:id/test',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint',
        params: ZWebhookIdParams,
        response: { 202: ZWebhookDelivery, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await sendWebhookTest(context(request), request.params.id, wake)),
  );

  fastify.get(
    '/admin/api/webhooks/deliveries',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The delivery log, newest first (by endpoint, status, event type)',
        querystring: ZWebhookDeliveryQuery,
        response: { 200: ZWebhookDeliveryList, ...errors },
      },
    },
    async (request) => listWebhookDeliveries(context(request), request.query),
  );

  fastify.get(
    '/admin/api/webhooks/deliveries/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One delivery: its payload and every attempt',
        params: ZWebhookDeliveryIdParams,
        response: { 200: ZWebhookDeliveryDetail, ...errors },
      },
    },
    async (request) => getWebhookDelivery(context(request), request.params.id),
  );

  fastify.post(
    '/admin/api/webhooks/deliveries/:id/replay',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Send the same event again (same id, fresh signature)',
        params: ZWebhookDeliveryIdParams,
        response: { 202: ZWebhookDelivery, ...conflictErrors },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await replayWebhookDelivery(context(request), request.params.id, wake)),
  );
};
