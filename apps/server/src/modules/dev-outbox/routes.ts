// GET /dev/api/outbox: what the dev outbox "sent" (SMS and emails), newest first. Registered
// only while the outbox provider is active.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TAppContext } from '../../app-context.js';
import { listOutboxMessages } from '../../providers/outbox/repo.js';

const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  from: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});

export const devOutboxRoutes =
  (app: TAppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/dev/api/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Messages held by the dev outbox, newest first',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
          response: { 200: z.array(ZOutboxMessage) },
        },
      },
      async (request) => {
        const rows = await listOutboxMessages(app.db, request.query.limit);
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
