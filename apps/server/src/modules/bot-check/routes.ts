// GET /api/bot-check (which check the forms show) and GET /api/altcha/challenge.
import { publicBotCheck, ZBotCheckConfig } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { altchaChallenge, botCheckInfo } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TBotCheckRoutesDeps = Pick<TAppContext, 'config' | 'now'>;

export const botCheckRoutes: FastifyPluginAsyncZod<TBotCheckRoutesDeps> = async (fastify, deps) => {
  fastify.get(
    publicBotCheck.path,
    {
      schema: {
        tags: ['public'],
        summary: 'The bot check public forms use: ALTCHA (ours) or Cloudflare Turnstile',
        response: {
          200: ZBotCheckConfig,
        },
      },
    },
    async () => botCheckInfo({ config: deps.config }),
  );
  fastify.get(
    '/api/altcha/challenge',
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: { tags: ['public'], summary: 'A fresh ALTCHA proof-of-work challenge (10 minutes)' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return altchaChallenge({ config: deps.config, now: deps.now() });
    },
  );
};
