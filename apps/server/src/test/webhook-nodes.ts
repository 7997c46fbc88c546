// What the process tests of outbound webhooks share: a fresh PostgreSQL database with one station
// and its admin, and the environment of a server process that runs every role and may POST to a
// receiver on this machine over plain http.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { afterAll } from 'vitest';
import { createTestDatabase } from './db.js';
import { createStationWithAdmin } from './factories.js';

/** Closes the database after the calling file's tests; `extra` goes on top of the environment. */
export async function webhookNodesSetup(slugPrefix: string, extra: Record<string, string> = {}) {
  const database = await createTestDatabase();
  afterAll(() => database.close());
  const { adminEmail } = await createStationWithAdmin(database.db, {
    slug: `${slugPrefix}${randomBytes(4).toString('hex')}`,
  });
  const env: Record<string, string> = {
    DATABASE_URL: database.url as string,
    ROLE: 'all',
    WEBHOOKS_ALLOW_HTTP: 'true',
    WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true',
    ...extra,
  };
  return { adminEmail, env };
}

/** One POST as a receiver saw it: the event's id and type, the signature header and the body. */
export type TReceivedPost = { eventId: string; type: string; signature: string; body: string; at: number };

/** Reads a webhook POST to its end. */
export function readWebhookPost(request: IncomingMessage): Promise<TReceivedPost> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('error', reject);
    request.on('end', () =>
      resolve({
        eventId: String(request.headers['messagestation-event-id']),
        type: String(request.headers['messagestation-event-type']),
        signature: String(request.headers['messagestation-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      }),
    );
  });
}
