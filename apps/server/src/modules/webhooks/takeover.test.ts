// A node that dies in the middle of a webhook call (docs/webhooks.md "Delivery across
// nodes"): a real server process claims a delivery and POSTs it; the receiver holds the answer and
// the node is SIGKILLed before its timeout. A second process on the same PostgreSQL takes the
// delivery over once its lease (six times WEBHOOKS_TIMEOUT_MS) has run out and sends it again, with
// the same event id and a fresh signature; the log counts two tries and records the one answer.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { waitUntil } from '../../test/poll.js';
import { HttpSession, startServerProcess, stopServerProcesses } from '../../test/server-process.js';
import { readWebhookPost, type TReceivedPost, webhookNodesSetup } from '../../test/webhook-nodes.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Short, so the lease (6 × 2 s) runs out within the test; the kill comes well inside 2 s. */
const TIMEOUT_MS = 2000;

/** Holds the first POST unanswered (calling `onFirst`), answers 200 to every later one. */
async function startReceiver(onFirst: () => void) {
  const posts: TReceivedPost[] = [];
  const server = http.createServer((request, response) => {
    void readWebhookPost(request).then((post) => {
      posts.push(post);
      if (posts.length === 1) onFirst();
      else response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    posts,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(onPostgres)('a webhook delivery whose node was killed mid-call', () => {
  afterAll(() => stopServerProcesses());

  it('is sent again by another node after the lease, with the same event id', async () => {
    const { adminEmail, env } = await webhookNodesSetup('take', { WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS) });
    const first = await startServerProcess(env);
    let killedAt = 0;
    // The moment the first node's POST arrives, the node dies: it never records an answer.
    const receiver = await startReceiver(() => {
      killedAt = Date.now();
      first.kill('SIGKILL');
    });
    afterAll(() => receiver.close());
    const admin = new HttpSession(first.url);
    await admin.login(adminEmail);
    const created = await admin.request('POST', '/admin/api/webhooks', {
      url: receiver.url,
      description: 'takeover',
      events: ['subscriber.joined'],
    });
    expect(created.status, created.text).toBe(201);
    const secret = created.json().secret as string;
    const added = await admin.request('POST', '/admin/api/sms-contacts', {
      phone: '(312) 555-0177',
      message_preferences: { emergency: { subscribed: true, language: 'en' } },
      consent_attested: true,
    });
    expect(added.status, added.text).toBe(201);

    await waitUntil('the first POST', () => receiver.posts.length === 1, { timeoutMs: 30_000 });
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });

    // A second node on the same database: the delivery is still leased to the dead one.
    const second = await startServerProcess(env);
    await waitUntil('the POST sent again', () => receiver.posts.length === 2, { timeoutMs: 40_000 });
    const [held, again] = receiver.posts as [TReceivedPost, TReceivedPost];
    expect(again.eventId).toBe(held.eventId);
    expect(JSON.parse(again.body)).toMatchObject({ id: held.eventId, type: 'subscriber.joined' });
    // Not before the lease ran out (it began just before the first POST).
    expect(again.at - killedAt).toBeGreaterThanOrEqual(6 * TIMEOUT_MS - 1000);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(again.signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${again.body}`).digest('hex'));

    const other = new HttpSession(second.url);
    await other.login(adminEmail);
    await waitUntil('the delivery recorded as delivered', async () => {
      const log = (await other.request('GET', '/admin/api/webhooks/deliveries?limit=10')).json();
      return log.deliveries.length === 1 && log.deliveries[0].status === 'delivered';
    });
    const log = (await other.request('GET', '/admin/api/webhooks/deliveries?limit=10')).json();
    // Two tries counted (each claim counts one: the dead node's too), one answer recorded.
    expect(log.deliveries[0]).toMatchObject({
      event_id: held.eventId,
      status: 'delivered',
      attempts: 2,
      last_status_code: 200,
    });
    const detail = (
      await other.request('GET', `/admin/api/webhooks/deliveries/${log.deliveries[0].id}`)
    ).json();
    expect(detail.attempts_log).toHaveLength(1);
    expect(detail.attempts_log[0]).toMatchObject({ status_code: 200, error: null });
    expect(receiver.posts).toHaveLength(2);
  }, 120_000);
});
