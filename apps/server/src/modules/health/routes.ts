// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers too).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppContext } from '../../app-context.js';
import { AppError } from '../../platform/errors.js';

const ZStatus = z.object({ status: z.string(), database: z.enum(['pglite', 'postgres']).optional() });

export const healthRoutes =
  (ctx: TAppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { tags: ['health'], response: { 200: ZStatus } } }, async () => ({
      status: 'ok',
    }));
    app.get('/readyz', { schema: { tags: ['health'], response: { 200: ZStatus } } }, async (request) => {
      try {
        await ctx.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        throw new AppError(503, 'database_unavailable');
      }
      return { status: 'ready', database: ctx.database.kind };
    });
  };
