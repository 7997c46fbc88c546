// GET /dev/api/outbox: what the dev outbox "sent" (SMS and emails), newest first. Registered
// only while the outbox provider is active.

import { devOutbox, ZOutboxList } from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { listOutboxMessages } from '../../providers/outbox/repo.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TDevOutboxRoutesDeps = Pick<TAppContext, 'db'>;

export const devOutboxRoutes: FastifyPluginAsyncZod<TDevOutboxRoutesDeps> = async (fastify, deps) => {
  fastify.get(
    devOutbox.path,
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages held by the dev outbox, newest first',
        ...endpointSchema(devOutbox),
        response: { 200: ZOutboxList },
      },
    },
    async (request) => {
      const rows = await listOutboxMessages(deps.db, request.query.limit);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.to,
        from: row.from,
        subject: row.subject,
        body: row.body,
        created_at: row.createdAt.toISOString(),
      }));
    },
  );
};
