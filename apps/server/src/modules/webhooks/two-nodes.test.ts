// Two real server processes (ROLE all: both run the workers) on one PostgreSQL:
// - a weather alert that both nodes poll at the same moment becomes one alert record and one draft;
// - 45 subscriber.joined events of an import reach a loopback receiver once each, sent by both
//   nodes side by side (the receiver holds its answers until more POSTs are open than one node
//   sends at once); after one node is SIGKILLed, the other sends the next events alone.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nwsFixture, startFakeNws, type TFakeNws } from '../../test/fake-nws.js';
import { waitUntil } from '../../test/poll.js';
import {
  HttpSession,
  startServerProcess,
  stopServerProcesses,
  type TServerProcess,
} from '../../test/server-process.js';
import { weatherSettings } from '../../test/weather.js';
import { readWebhookPost, type TReceivedPost, webhookNodesSetup } from '../../test/webhook-nodes.js';

const onPostgres = process.env.TEST_DB === 'postgres';
/** Deliveries one node claims at once (deliver.ts): it has at most this many POSTs open. */
const ONE_NODE_BATCH = 20;
const TIME_FIELDS = ['sent', 'effective', 'onset', 'expires', 'ends'];

/**
 * A loopback webhook receiver that holds every answer until more than ONE_NODE_BATCH POSTs are
 * open at once (only two nodes sending side by side get there), then answers 200 to all, and at
 * once from then on. A safety release well inside the senders' 10 s timeout keeps a slow start
 * from turning into retries; `peak` then tells.
 */
async function startHoldingReceiver() {
  const posts: TReceivedPost[] = [];
  const held: http.ServerResponse[] = [];
  let open = 0;
  let peak = 0;
  let released = false;
  let safety: NodeJS.Timeout | undefined;
  const release = () => {
    released = true;
    clearTimeout(safety);
    for (const response of held.splice(0)) response.writeHead(200).end('ok');
  };
  const server = http.createServer((request, response) => {
    void readWebhookPost(request).then((post) => {
      posts.push(post);
      open++;
      peak = Math.max(peak, open);
      response.once('finish', () => open--);
      if (released) {
        response.writeHead(200).end('ok');
        return;
      }
      held.push(response);
      safety ??= setTimeout(release, 7000);
      if (open > ONE_NODE_BATCH) release();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    posts,
    peak: () => peak,
    close: () => {
      release();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The CSV import as the browser sends it (multipart, consent attested), through `node`. */
async function importContacts(node: TServerProcess, session: HttpSession, phones: string[]) {
  const csv = ['name,phone,language,types', ...phones.map((p, i) => `Caller ${i},${p},en,emergency`)];
  const form = new FormData();
  form.append('consent_attested', 'true');
  form.append('file', new Blob([csv.join('\r\n')], { type: 'text/csv' }), 'contacts.csv');
  const cookie = session.cookieHeader();
  const csrf = /(?:^|; )csrf_token=([^;]*)/.exec(cookie)?.[1] ?? '';
  const response = await fetch(`${node.url}/admin/api/sms-contacts/import?dry_run=false`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': csrf },
    body: form,
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  expect(JSON.parse(text)).toMatchObject({ imported: phones.length });
}

const phonesFrom = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => `+1415555${String(first + i).padStart(4, '0')}`);

describe.runIf(onPostgres)('two nodes on one PostgreSQL: weather polls and webhook deliveries', () => {
  let fake: TFakeNws;
  let receiver: Awaited<ReturnType<typeof startHoldingReceiver>>;
  let nodes: TServerProcess[] = [];
  let admins: HttpSession[] = [];

  beforeAll(async () => {
    fake = await startFakeNws();
    receiver = await startHoldingReceiver();
    const { adminEmail, env } = await webhookNodesSetup('two', { NWS_API_URL: fake.url });
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    nodes = started.map((s) => (s as PromiseFulfilledResult<TServerProcess>).value);
    admins = nodes.map((node) => new HttpSession(node.url));
    await Promise.all(admins.map((admin) => admin.login(adminEmail)));
  }, 120_000);

  afterAll(async () => {
    await stopServerProcesses();
    await receiver?.close();
  });

  it('drafts one message and records one alert when both nodes poll NWS at once', async () => {
    const [one, two] = admins as [HttpSession, HttpSession];
    const saved = await one.request('PUT', '/admin/api/weather/settings', weatherSettings());
    expect(saved.status, saved.text).toBe(200);

    // The recorded tornado warning, moved in time so that NWS sent it a minute ago.
    const alert = nwsFixture('tornado-warning-ok');
    const shift = Date.now() - 60_000 - new Date(String(alert.properties.sent)).getTime();
    for (const field of TIME_FIELDS) {
      const value = alert.properties[field];
      if (typeof value === 'string') {
        alert.properties[field] = new Date(new Date(value).getTime() + shift).toISOString();
      }
    }
    const asked = fake.alertRequests().length;
    fake.add(alert);
    // "Check now" on both nodes at the same moment (each node's own poll step).
    const checks = await Promise.all(
      [one, two].map((admin) => admin.request('POST', '/admin/api/weather/check')),
    );
    for (const check of checks) expect(check.status, check.text).toBe(200);
    expect(fake.alertRequests().length - asked).toBeGreaterThanOrEqual(2);
    const drafted = checks.map((check) => check.json().drafted as number);
    expect(drafted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);

    for (const admin of [one, two]) {
      const alerts = (await admin.request('GET', '/admin/api/weather/alerts')).json().alerts;
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({
        nws_id: alert.properties.id,
        event: 'Tornado Warning',
        outcome: 'drafted',
        message: { message_type: 'emergency' },
      });
      const messages = (await admin.request('GET', '/admin/api/messages')).json();
      expect(messages).toHaveLength(1);
      expect(messages[0].id).toBe(alerts[0].message.id);
    }
  });

  it('sends every webhook event once with both nodes sending, and goes on after one is killed', async () => {
    const [one, two] = admins as [HttpSession, HttpSession];
    const created = await one.request('POST', '/admin/api/webhooks', {
      url: receiver.url,
      description: 'two nodes',
      events: ['subscriber.joined'],
    });
    expect(created.status, created.text).toBe(201);
    const secret = created.json().secret as string;
    const allDelivered = async (count: number) => {
      const log = (await two.request('GET', '/admin/api/webhooks/deliveries?limit=100')).json();
      const deliveries = log.deliveries as { status: string }[];
      return deliveries.length === count && deliveries.every((d) => d.status === 'delivered');
    };

    // 45 imported contacts: 45 events, more than one node has open at once.
    const first = phonesFrom(3000, 45);
    await importContacts(nodes[0] as TServerProcess, one, first);
    await waitUntil('45 events at the receiver', () => receiver.posts.length >= first.length);
    // More POSTs were open at once than one node sends side by side: both nodes were sending.
    expect(receiver.peak()).toBeGreaterThan(ONE_NODE_BATCH);

    // Every one recorded as delivered (none still held by a node), then one node dies (SIGKILL)
    // and the survivor sends the next import's events alone.
    await waitUntil('45 deliveries recorded as delivered', () => allDelivered(first.length));
    const [doomed] = nodes as [TServerProcess];
    doomed.kill('SIGKILL');
    expect(await doomed.exited).toMatchObject({ signal: 'SIGKILL' });
    const second = phonesFrom(3100, 10);
    await importContacts(nodes[1] as TServerProcess, two, second);
    const all = [...first, ...second];
    await waitUntil('55 events at the receiver', () => receiver.posts.length >= all.length);
    await waitUntil('55 deliveries recorded as delivered', () => allDelivered(all.length));

    // Exactly once: as many POSTs as events, each event id once, each imported phone once.
    expect(receiver.posts).toHaveLength(all.length);
    expect(new Set(receiver.posts.map((p) => p.eventId)).size).toBe(all.length);
    const bodies = receiver.posts.map((p) => JSON.parse(p.body));
    expect(bodies.map((b) => b.data.phone).sort()).toEqual([...all].sort());
    for (const [i, post] of receiver.posts.entries()) {
      expect(post.type).toBe('subscriber.joined');
      expect(bodies[i]).toMatchObject({
        id: post.eventId,
        type: 'subscriber.joined',
        data: { source: 'import' },
      });
      const [, t, v1] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(post.signature) ?? [];
      expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${post.body}`).digest('hex'));
    }
    const log = (await two.request('GET', '/admin/api/webhooks/deliveries?limit=100')).json();
    expect(log.deliveries.every((d: { attempts: number }) => d.attempts === 1)).toBe(true);
  });
});
