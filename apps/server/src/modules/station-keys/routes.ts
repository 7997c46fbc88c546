// /admin/api/station-keys: the station's API keys for integrations (Users page), admins only.
import {
  usersCreateStationKey,
  usersRevokeStationKey,
  usersStationKeys,
  ZErrorResponse,
  ZOk,
  ZStationKeyCreated,
  ZStationKeyList,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditReply } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { createStationKey, listStationKeys, revokeStationKey } from './service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** What these routes use from the app, handed over as the plugin's options. */
export type TStationKeyRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now'>;

export const stationKeyRoutes: FastifyPluginAsyncZod<TStationKeyRoutesDeps> = async (fastify, deps) => {
  const admin = { onRequest: deps.guards.requireAdmin };

  fastify.get(
    usersStationKeys.path,
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
    usersCreateStationKey.path,
    {
      config: audit({
        action: 'station_key.created',
        target: 'station_key',
        targetId: (call) => (auditReply(call).station_key as { id?: string } | undefined)?.id,
        // The name, visible prefix and scopes; never the key.
        details: (call) => {
          const created = (auditReply(call).station_key ?? {}) as Record<string, unknown>;
          return {
            label: created.name ?? null,
            key_prefix: created.key_prefix ?? null,
            scopes: created.scopes ?? null,
            rate_limit_per_minute: created.rate_limit_per_minute ?? null,
          };
        },
      }),
      ...admin,
      schema: {
        tags: ['station-keys'],
        summary: 'Create an API key with scopes and a rate limit; the whole key is in this answer only',
        ...endpointSchema(usersCreateStationKey),
        response: { 201: ZStationKeyCreated, ...errors },
      },
    },
    async (request, reply) => {
      const created = await createStationKey(staffFacts(deps, request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(created);
    },
  );

  fastify.delete(
    usersRevokeStationKey.path,
    {
      config: audit({
        action: 'station_key.revoked',
        target: 'station_key',
        details: (_call, view) => ({ label: view?.name ?? null, key_prefix: view?.key_prefix ?? null }),
      }),
      ...admin,
      schema: {
        tags: ['station-keys'],
        summary: 'Revoke an API key: requests with it are refused from now on',
        ...endpointSchema(usersRevokeStationKey),
        response: { 200: ZOk, ...errors },
      },
    },
    async (request) => {
      await revokeStationKey(staffFacts(deps, request), request.params.id, request.audit);
      return { ok: true as const };
    },
  );
};
