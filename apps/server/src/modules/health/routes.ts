// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too).

import { ZHealthStatus } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';

/** What these routes use from the fastify, handed over as the plugin's options. */
export type THealthRoutesDeps = Pick<TAppContext, 'database'>;

export const healthRoutes: FastifyPluginAsyncZod<THealthRoutesDeps> = async (fastify, deps) => {
  fastify.get('/healthz', { schema: { tags: ['health'], response: { 200: ZHealthStatus } } }, async () => ({
    status: 'ok',
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
      return { status: 'ready', database: deps.database.kind };
    },
  );
};
