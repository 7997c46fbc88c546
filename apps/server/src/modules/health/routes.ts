// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too).

import { ZHealthStatus } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';

export const healthRoutes =
  (ctx: TAppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { tags: ['health'], response: { 200: ZHealthStatus } } }, async () => ({
      status: 'ok',
    }));
    app.get(
      '/readyz',
      { schema: { tags: ['health'], response: { 200: ZHealthStatus } } },
      async (request) => {
        try {
          await ctx.database.ping();
        } catch (error) {
          request.log.error({ err: error }, 'database not ready');
          throw new AppError('database_unavailable');
        }
        return { status: 'ready', database: ctx.database.kind };
      },
    );
  };
