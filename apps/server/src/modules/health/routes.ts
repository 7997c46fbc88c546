// Liveness (/healthz: the process answers) and readiness (/readyz: the database answers), each
// naming the node's role. From the first step of a shutdown (SIGTERM) Fastify answers every request
// 503, /readyz too, so a load balancer takes the node out while it drains. /metrics: Prometheus's
// text format, behind METRICS_TOKEN (open without one outside production, absent in production).
import { timingSafeEqual } from 'node:crypto';

import { ZHealthStatus } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import type { TServerRole } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import type { TMetrics } from '../../platform/metrics.js';

/** What these routes use from the fastify, handed over as the plugin's options. */
export type THealthRoutesDeps = Pick<TAppContext, 'database' | 'config'> & {
  role: TServerRole;
  metrics: Pick<TMetrics, 'text' | 'contentType'>;
};

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const healthRoutes: FastifyPluginAsyncZod<THealthRoutesDeps> = async (fastify, deps) => {
  // A load balancer asks every second: only their failures are logged.
  const quiet = { logLevel: 'warn' as const };
  fastify.get(
    '/healthz',
    {
      ...quiet,
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: ZHealthStatus },
      },
    },
    async () => ({
      status: 'ok',
      role: deps.role,
    }),
  );
  fastify.get(
    '/readyz',
    {
      ...quiet,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers (503 while it does not)',
        response: { 200: ZHealthStatus },
      },
    },
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
  fastify.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = deps.config.metricsToken;
    if (!token && deps.config.env === 'production') throw new AppError('not_found');
    if (token) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!given || !sameSecret(given, token)) throw new AppError('authentication_required');
    }
    return reply
      .header('content-type', deps.metrics.contentType)
      .header('cache-control', 'no-store')
      .send(await deps.metrics.text());
  });
};
