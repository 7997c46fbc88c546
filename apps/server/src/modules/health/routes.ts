// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers), each
// naming the node's role. From the first step of a shutdown (SIGTERM) Fastify answers every request
// 503, /readyz too, so a load balancer takes the node out while it drains.

import { ZHealthStatus } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import type { TServerRole } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** What these routes use from the fastify, handed over as the plugin's options. */
export type THealthRoutesDeps = Pick<TAppContext, 'database'> & { role: TServerRole };

export const healthRoutes: FastifyPluginAsyncZod<THealthRoutesDeps> = async (fastify, deps) => {
  fastify.get('/healthz', { schema: { tags: ['health'], response: { 200: ZHealthStatus } } }, async () => ({
    status: 'ok',
    role: deps.role,
  }));
  fastify.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: ZHealthStatus } } },
    async (request) => {
      try {
        await deps.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        throw new AppError('database_unavailable');
      }
      return { status: 'ready', database: deps.database.kind, role: deps.role };
    },
  );
};
