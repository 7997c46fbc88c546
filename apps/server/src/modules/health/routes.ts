// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers, the node
// is not shutting down, and a node that runs jobs has its job runner going). A load balancer takes
// a node out of rotation as soon as /readyz answers 503, e.g. once SIGTERM starts its drain.

import { ZHealthStatus } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import type { TServerRole } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** What these routes use from the fastify, handed over as the plugin's options. */
export type THealthRoutesDeps = Pick<TAppContext, 'database'> & {
  role: TServerRole;
  /** False once the node started to shut down. */
  accepting(): boolean;
  /** Whether the job runner is going; absent on a node that runs no jobs (ROLE api). */
  jobsRunning?: () => boolean;
};

export const healthRoutes: FastifyPluginAsyncZod<THealthRoutesDeps> = async (fastify, deps) => {
  fastify.get('/healthz', { schema: { tags: ['health'], response: { 200: ZHealthStatus } } }, async () => ({
    status: 'ok',
    role: deps.role,
  }));
  fastify.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: ZHealthStatus } } },
    async (request) => {
      if (!deps.accepting()) throw new AppError('node_shutting_down');
      try {
        await deps.database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database not ready');
        throw new AppError('database_unavailable');
      }
      if (deps.jobsRunning && !deps.jobsRunning()) throw new AppError('jobs_unavailable');
      return { status: 'ready', database: deps.database.kind, role: deps.role };
    },
  );
};
