// /admin/api/station-keys: the station's API keys for integrations (Users page), admins only.
import {
  ZCreateStationKeyRequest,
  ZErrorResponse,
  ZOk,
  ZStationKeyCreated,
  ZStationKeyIdParams,
  ZStationKeyList,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import { createStationKey, listStationKeys, revokeStationKey } from './service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** What these routes use from the app, handed over as the plugin's options. */
export type TStationKeyRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now'>;

export const stationKeyRoutes: FastifyPluginAsyncZod<TStationKeyRoutesDeps> = async (fastify, deps) => {
  const admin = { onRequest: deps.guards.requireAdmin };

  fastify.get(
    '/admin/api/station-keys',
    {
      ...admin,
      schema: {
        tags: ['station-keys'],
        summary: "The station's live API keys for integrations (the public API v1), newest first",
        response: { 200: ZStationKeyList, ...errors },
      },
    },
    async (request) => listStationKeys(staffFacts(deps, request)),
  );

  fastify.post(
    '/admin/api/station-keys',
    {
      ...admin,
      schema: {
        tags: ['station-keys'],
        summary: 'Create an API key with scopes and a rate limit; the whole key is in this answer only',
        body: ZCreateStationKeyRequest,
        response: { 201: ZStationKeyCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createStationKey(staffFacts(deps, request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  fastify.delete(
    '/admin/api/station-keys/:id',
    {
      ...admin,
      schema: {
        tags: ['station-keys'],
        summary: 'Revoke an API key: requests with it are refused from now on',
        params: ZStationKeyIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await revokeStationKey(staffFacts(deps, request), request.params.id);
      return { ok: true as const };
    },
  );
};
