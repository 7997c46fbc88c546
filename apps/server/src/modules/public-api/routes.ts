// The public REST API v1: /api/v1 operations authenticated by a station key with
// scopes and a per-key rate limit, the v1-only OpenAPI document, and the Swagger UI files its
// reference page (/docs/api, a page of the web app) loads.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ZApiMe } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { repoRoot } from '../../paths.js';
import { createKeyAuthentication, keyOf } from './auth.js';
import { contactsV1Routes } from './contacts-routes.js';
import type { TPublicApiDeps, TPublicApiRouteDeps } from './deps.js';
import { v1Document } from './document.js';
import { messagesV1Routes } from './messages-routes.js';
import { COMMON_ERRORS, operation } from './operation.js';
import { registerReferenceAssets } from './reference-assets.js';
import { sendingV1Routes } from './sending-routes.js';

export const publicApiRoutes: FastifyPluginAsyncZod<TPublicApiRouteDeps> = async (fastify, routeDeps) => {
  const keyAuth = createKeyAuthentication({
    db: routeDeps.db,
    store: routeDeps.rateStore,
    now: routeDeps.now,
  });
  const deps: TPublicApiDeps = { ...routeDeps, keyAuth };

  // The webhooks guide, one text for the repository and the reference page (the image copies it).
  const guide = await readFile(path.join(repoRoot, 'docs', 'webhooks.md'), 'utf8');
  // Public, like the reference page that reads it.
  fastify.get('/api/v1/openapi.json', { schema: { hide: true } }, async () =>
    v1Document(fastify.swagger() as Parameters<typeof v1Document>[0], deps.config.publicUrl, guide),
  );
  registerReferenceAssets(fastify);

  await fastify.register(async (authenticated) => {
    authenticated.addHook('onRequest', keyAuth.authenticate);

    authenticated.get(
      '/api/v1/me',
      {
        schema: operation(null, {
          operationId: 'getMe',
          summary: 'The station and the key this request was made with: name, scopes and rate limit',
          response: { 200: ZApiMe, ...COMMON_ERRORS },
        }),
      },
      async (request) => {
        const key = keyOf(request);
        return {
          station: { id: key.station.id, slug: key.station.slug, display_name: key.station.displayName },
          key: {
            id: key.keyId,
            name: key.name,
            key_prefix: key.keyPrefix,
            scopes: key.scopes,
            rate_limit_per_minute: key.rateLimitPerMinute,
          },
        };
      },
    );

    await authenticated.register(messagesV1Routes, deps);
    await authenticated.register(sendingV1Routes, deps);
    await authenticated.register(contactsV1Routes, deps);
  });
};
