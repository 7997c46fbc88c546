// Outbound webhooks through the admin API and the delivery worker, against a loopback receiver:
// signatures checked by Stripe's own verifier (the same scheme), retries with backoff on a fake
// clock, the 24 h give-up, automatic disabling with the admins' email, replay, test events, two
// workers that never send one delivery twice, URL rules, and 404 for another station's ids.
import { randomUUID } from 'node:crypto';
import { WEBHOOK_DISABLE_AFTER_FAILURES, WEBHOOK_EVENT_TYPES } from '@message-station/shared';
import { and, desc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  outboxMessages,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { createOutboxEmailProvider } from '../../providers/email/outbox.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startReceiver } from '../../test/webhook-receiver.js';
import { createUser } from '../users/service.js';
import { deliverDue, nextAttemptAt, type TWebhookDeliverDeps } from './deliver.js';
import { recordWebhookEvent } from './index.js';
import { createWebhookPost } from './post.js';
import { pruneDeliveries } from './repo.js';

const T0 = new Date('2026-11-24T15:00:00Z');
const stripe = new Stripe('sk_test_webhooks');

describe('outbound webhooks', async () => {
  const clock = { now: T0 };
  // The API keeps its own clock (sessions last 24 h); the worker runs on `clock`.
  const { app, db, config } = await createTestApp({ now: () => T0 });
  const { station, adminEmail } = await createStationWithAdmin(db, { slug: 'hookfm' });
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const otherAdmin = new TestClient(app);
  await otherAdmin.login(other.adminEmail);
  const receiver = await startReceiver();
  afterAll(() => receiver.close());

  const worker = (holder = 'worker-1', extra: Partial<TWebhookDeliverDeps> = {}): TWebhookDeliverDeps => ({
    db,
    post: createWebhookPost(config.webhooks),
    email: createOutboxEmailProvider(db, config.email.from),
    sessionSecret: config.sessionSecret,
    publicUrl: config.publicUrl,
    now: () => clock.now,
    holder,
    random: () => 0.5,
    ...extra,
  });
  const patch = (client: TestClient, url: string, body: unknown) =>
    client.request({ method: 'PATCH', url, body });
  const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

  async function addEndpoint(url = receiver.url, events: string[] = ['translation.completed']) {
    const response = await admin.post('/admin/api/webhooks', { url, description: 'CRM', events });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; secret: string };
  }
  const deliveriesOf = (endpointId: string) =>
    admin.get(`/admin/api/webhooks/deliveries?endpoint_id=${endpointId}`).then((r) => r.json().deliveries);

  it('creates an endpoint with a whsec_ secret shown once, sealed at rest, revealed and rolled by admins', async () => {
    const created = await addEndpoint();
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(created).toMatchObject({
      enabled: true,
      events: ['translation.completed'],
      secret_hint: created.secret.slice(-4),
    });
    const listed = (await admin.get('/admin/api/webhooks')).json();
    expect(listed.event_types).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const stored = JSON.stringify(await db.select().from(webhookDeliveries));
    expect(stored).not.toContain(created.secret);

    const revealed = await admin.post(`/admin/api/webhooks/${created.id}/secret/reveal`);
    expect(revealed.json()).toEqual({ secret: created.secret });
    const rolled = (await admin.post(`/admin/api/webhooks/${created.id}/secret/roll`)).json();
    expect(rolled.secret).not.toBe(created.secret);
    expect((await admin.post(`/admin/api/webhooks/${created.id}/secret/reveal`)).json()).toEqual(rolled);

    const audit = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.stationId, station.id), eq(auditLog.targetId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(
      [
        'webhook.created',
        'webhook.secret_revealed',
        'webhook.secret_revealed',
        'webhook.secret_rolled',
      ].sort(),
    );
    expect(JSON.stringify(await db.select().from(auditLog))).not.toContain(rolled.secret);
    expect((await del(admin, `/admin/api/webhooks/${created.id}`)).statusCode).toBe(200);
    expect((await admin.get('/admin/api/webhooks')).json().endpoints).toEqual([]);
  });

  it('refuses URLs that are not https, carry credentials, or are malformed, and empty event lists', async () => {
    const strict = await createTestApp({
      config: { ...config, webhooks: { ...config.webhooks, allowHttp: false, allowPrivateHosts: false } },
    });
    const { adminEmail: strictAdmin } = await createStationWithAdmin(strict.db, { slug: 'strictfm' });
    const client = new TestClient(strict.app);
    await client.login(strictAdmin);
    const post = (url: string, events: string[] = ['send.completed']) =>
      client.post('/admin/api/webhooks', { url, events });
    const refused = async (url: string, code: string, events?: string[]) => {
      const response = await post(url, events);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code, url).toBe(code);
    };
    await refused('http://hooks.example.com/in', 'webhook_url_https_required');
    await refused('not a url', 'webhook_url_invalid');
    await refused('ftp://hooks.example.com/', 'webhook_url_invalid');
    await refused('https://user:pw@hooks.example.com/', 'webhook_url_credentials');
    await refused('https://127.0.0.1/in', 'webhook_url_private');
    await refused('https://localhost:8443/in', 'webhook_url_private');
    await refused('https://10.1.2.3/in', 'webhook_url_private');
    await refused('https://169.254.169.254/latest', 'webhook_url_private');
    await refused('https://[::1]/in', 'webhook_url_private');
    await refused('https://[::ffff:127.0.0.1]/in', 'webhook_url_private');
    await refused('https://93.184.215.14/in', 'webhook_events_required', []);
    const bad = await post('https://93.184.215.14/in', ['message.deleted']);
    expect(bad.statusCode).toBe(400);
    // A public address is accepted (never called here).
    expect((await post('https://93.184.215.14/in')).statusCode).toBe(201);
    expect((await client.get('/admin/api/webhooks')).json().endpoints).toHaveLength(1);
    // The sender refuses a private address at connection time too.
    const send = createWebhookPost({ allowHttp: true, allowPrivateHosts: false });
    await expect(send({ url: receiver.url, body: '{}', headers: {}, timeoutMs: 1000 })).rejects.toThrow(
      /private/,
    );
    // A name that resolves to loopback is refused by the connection's own lookup: nothing arrives.
    const before = receiver.received.length;
    const byName = receiver.url.replace('127.0.0.1', 'localhost');
    await expect(send({ url: byName, body: '{}', headers: {}, timeoutMs: 1000 })).rejects.toThrow(
      /private or local/,
    );
    expect(receiver.received).toHaveLength(before);
  });

  it('answers 404 for another station’s endpoints and deliveries on every id route', async () => {
    const endpoint = await addEndpoint();
    await recordWebhookEvent(db, {
      stationId: station.id,
      type: 'translation.completed',
      data: { n: 1 },
      at: T0,
    });
    const [delivery] = await deliveriesOf(endpoint.id);
    const calls = [
      patch(otherAdmin, `/admin/api/webhooks/${endpoint.id}`, { description: 'x' }),
      del(otherAdmin, `/admin/api/webhooks/${endpoint.id}`),
      otherAdmin.post(`/admin/api/webhooks/${endpoint.id}/secret/reveal`),
      otherAdmin.post(`/admin/api/webhooks/${endpoint.id}/secret/roll`),
      otherAdmin.post(`/admin/api/webhooks/${endpoint.id}/test`),
      otherAdmin.get(`/admin/api/webhooks/deliveries?endpoint_id=${endpoint.id}`),
      otherAdmin.get(`/admin/api/webhooks/deliveries/${delivery.id}`),
      otherAdmin.post(`/admin/api/webhooks/deliveries/${delivery.id}/replay`),
      admin.get(`/admin/api/webhooks/deliveries/${randomUUID()}`),
      admin.get('/admin/api/webhooks/deliveries/not-a-uuid'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect((await admin.post(`/admin/api/webhooks/${endpoint.id}/secret/reveal`)).statusCode).toBe(200);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('is for admins only', async () => {
    expect((await app.inject({ method: 'GET', url: '/admin/api/webhooks' })).statusCode).toBe(401);
    await createUser(db, {
      stationId: station.id,
      email: 'staff@hookfm.test',
      password: 'demo1234',
      fullName: 'Staff',
      role: 'user',
    });
    const staff = new TestClient(app);
    await staff.login('staff@hookfm.test');
    expect((await staff.get('/admin/api/webhooks')).statusCode).toBe(403);
    expect(
      (await staff.post('/admin/api/webhooks', { url: receiver.url, events: ['send.completed'] })).statusCode,
    ).toBe(403);
    expect((await staff.get('/admin/api/webhooks/deliveries')).statusCode).toBe(403);
  });

  it('signs each POST as Stripe does: Stripe’s verifier accepts what the receiver got', async () => {
    const endpoint = await addEndpoint(receiver.url, ['translation.completed', 'inbound.received']);
    receiver.received.length = 0;
    await recordWebhookEvent(db, {
      stationId: station.id,
      type: 'translation.completed',
      data: { message_id: 'm1', language: 'es' },
      at: T0,
    });
    // Not subscribed to by this endpoint: nothing for it.
    await recordWebhookEvent(db, { stationId: station.id, type: 'send.completed', data: {}, at: T0 });
    clock.now = new Date(T0.getTime() + 5000);
    const result = await deliverDue(worker());
    expect(result.delivered).toBeGreaterThanOrEqual(1);
    const got = receiver.received.find(
      (r) => r.headers['messagestation-event-type'] === 'translation.completed',
    );
    if (!got) throw new Error('nothing received');
    const header = got.headers['messagestation-signature'] as string;
    expect(header).toMatch(new RegExp(`^t=${Math.floor(clock.now.getTime() / 1000)},v1=[0-9a-f]{64}$`));
    const event = stripe.webhooks.constructEvent(
      got.body,
      header,
      endpoint.secret,
      300,
      undefined,
      clock.now.getTime(),
    );
    expect(event).toMatchObject({
      type: 'translation.completed',
      station_id: station.id,
      data: { message_id: 'm1', language: 'es' },
      created_at: T0.toISOString(),
    });
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toMatch(/^MessageStation-Webhooks\/\d+\.\d+\.\d+$/);
    expect(got.headers['messagestation-event-id']).toBe((event as unknown as { id: string }).id);
    // A wrong secret is refused by the same verifier.
    expect(() =>
      stripe.webhooks.constructEvent(got.body, header, 'whsec_wrong', 300, undefined, clock.now.getTime()),
    ).toThrow();
    expect(receiver.received.some((r) => r.headers['messagestation-event-type'] === 'send.completed')).toBe(
      false,
    );
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('retries a failing receiver with backoff: delivered on the third attempt, each attempt logged', async () => {
    const endpoint = await addEndpoint();
    receiver.received.length = 0;
    receiver.answer([500, 503, 200]);
    clock.now = T0;
    await recordWebhookEvent(db, {
      stationId: station.id,
      type: 'translation.completed',
      data: { n: 2 },
      at: T0,
    });
    await deliverDue(worker());
    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    expect(first.next_attempt_at).toBe(new Date(T0.getTime() + 60_000).toISOString());
    clock.now = new Date(T0.getTime() + 30_000);
    expect((await deliverDue(worker())).retried).toBe(0);
    clock.now = new Date(T0.getTime() + 60_000);
    await deliverDue(worker());
    const [second] = await deliveriesOf(endpoint.id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2, last_status_code: 503 });
    expect(second.next_attempt_at).toBe(new Date(T0.getTime() + 360_000).toISOString());
    clock.now = new Date(T0.getTime() + 360_000);
    await deliverDue(worker());
    const detail = (await admin.get(`/admin/api/webhooks/deliveries/${first.id}`)).json();
    expect(detail).toMatchObject({
      status: 'delivered',
      attempts: 3,
      last_status_code: 200,
      last_error: null,
    });
    expect(detail.attempts_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
    expect(detail.attempts_log[0].response_body).toHaveLength(1024);
    expect(detail.attempts_log[0].error).toBe('HTTP 500');
    expect(detail.payload).toMatchObject({
      id: detail.event_id,
      type: 'translation.completed',
      data: { n: 2 },
    });
    // Three POSTs of the same event, each signed at its own time.
    expect(new Set(receiver.received.map((r) => r.headers['messagestation-event-id']))).toEqual(
      new Set([detail.event_id]),
    );
    expect(new Set(receiver.received.map((r) => r.headers['messagestation-signature'])).size).toBe(3);
    const [listed] = (await admin.get('/admin/api/webhooks')).json().endpoints;
    expect(listed).toMatchObject({
      id: endpoint.id,
      last_delivery_status: 'delivered',
      last_delivery_at: T0.toISOString(),
    });
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('waits 1 min, 5 min, 30 min, 2 h, 5 h, then 10 h, jittered, and never past 24 h', () => {
    const start = new Date(0);
    const delays = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAt(n, start, start, () => 0.5)?.getTime());
    expect(delays).toEqual([60, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000));
    expect(nextAttemptAt(1, start, start, () => 0)?.getTime()).toBe(54_000);
    expect(nextAttemptAt(1, start, start, () => 1)?.getTime()).toBe(66_000);
    const late = new Date(80_000_000);
    expect(nextAttemptAt(7, start, late, () => 0.5)?.getTime()).toBe(86_400_000);
    expect(nextAttemptAt(8, start, new Date(86_400_000), () => 0.5)).toBeNull();
  });

  it('gives up after 24 h, and disables an endpoint after repeated failures, emailing each admin in their language', async () => {
    const endpoint = await addEndpoint();
    receiver.answer([500]);
    const spanish = await createStationAdminInSpanish();
    clock.now = T0;
    for (let i = 0; i < WEBHOOK_DISABLE_AFTER_FAILURES; i++) {
      await recordWebhookEvent(db, {
        stationId: station.id,
        type: 'translation.completed',
        data: { i },
        at: T0,
      });
    }
    for (let round = 0; round < 20; round++) {
      const pending = (await deliveriesOf(endpoint.id)).filter(
        (d: { status: string }) => d.status === 'pending',
      );
      if (pending.length === 0) break;
      clock.now = new Date(
        Math.max(...pending.map((d: { next_attempt_at: string }) => Date.parse(d.next_attempt_at))),
      );
      await deliverDue(worker());
    }
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILURES);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'failed', attempts: 8, last_status_code: 500 });
      expect(delivery.finished_at).toBe(new Date(T0.getTime() + 86_400_000).toISOString());
    }
    const [listed] = (await admin.get('/admin/api/webhooks'))
      .json()
      .endpoints.filter((e: { id: string }) => e.id === endpoint.id);
    expect(listed).toMatchObject({
      enabled: false,
      disabled_reason: 'failures',
      consecutive_failures: WEBHOOK_DISABLE_AFTER_FAILURES,
    });

    const mail = async (to: string) =>
      db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.to, to))
        .orderBy(desc(outboxMessages.createdAt));
    const [english] = await mail(adminEmail);
    expect(english?.subject).toBe('A webhook endpoint was turned off');
    expect(english?.body).toContain(receiver.url);
    expect(english?.body).toContain('/admin/webhooks');
    const [spanishMail] = await mail(spanish);
    expect(spanishMail?.subject).toBe('Se desactivó un endpoint de webhook');
    const [disabledAudit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, endpoint.id), eq(auditLog.action, 'webhook.disabled')));
    expect(disabledAudit).toBeDefined();

    // Off: new events are not recorded for it, a test or replay is refused.
    await recordWebhookEvent(db, { stationId: station.id, type: 'translation.completed', data: {}, at: T0 });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILURES);
    expect((await admin.post(`/admin/api/webhooks/${endpoint.id}/test`)).json().code).toBe(
      'webhook_endpoint_disabled',
    );
    // Back on by an admin: the count starts over, and a replay goes out again (same event id).
    const enabled = (await patch(admin, `/admin/api/webhooks/${endpoint.id}`, { enabled: true })).json();
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
    receiver.answer([200]);
    receiver.received.length = 0;
    const replayed = await admin.post(`/admin/api/webhooks/deliveries/${deliveries[0].id}/replay`);
    expect(replayed.statusCode).toBe(202);
    expect(replayed.json()).toMatchObject({ status: 'pending', event_id: deliveries[0].event_id });
    clock.now = new Date(T0.getTime() + 90_000_000);
    await deliverDue(worker());
    const detail = (await admin.get(`/admin/api/webhooks/deliveries/${deliveries[0].id}`)).json();
    expect(detail).toMatchObject({ status: 'delivered', attempts: 9 });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]?.headers['messagestation-event-id']).toBe(deliveries[0].event_id);
    const signature = receiver.received[0]?.headers['messagestation-signature'] as string;
    expect(signature.startsWith(`t=${Math.floor(clock.now.getTime() / 1000)},`)).toBe(true);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  async function createStationAdminInSpanish() {
    const email = 'segunda@hookfm.test';
    await db.insert(users).values({
      stationId: station.id,
      email,
      passwordHash: 'x',
      fullName: 'Segunda Admin',
      role: 'admin',
      language: 'es',
    });
    return email;
  }

  it('sends a test event to one endpoint, whatever it subscribes to, and logs it', async () => {
    const endpoint = await addEndpoint(receiver.url, ['send.completed']);
    receiver.answer([200]);
    receiver.received.length = 0;
    const sent = await admin.post(`/admin/api/webhooks/${endpoint.id}/test`);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({
      event_type: 'webhook.test',
      status: 'pending',
      endpoint_id: endpoint.id,
    });
    await deliverDue(worker());
    expect(receiver.received).toHaveLength(1);
    const event = stripe.webhooks.constructEvent(
      receiver.received[0]?.body ?? '',
      receiver.received[0]?.headers['messagestation-signature'] as string,
      endpoint.secret,
      300,
      undefined,
      clock.now.getTime(),
    ) as unknown as { type: string; data: unknown };
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id, test: true } });
    const log = (
      await admin.get(`/admin/api/webhooks/deliveries?event_type=webhook.test&status=delivered`)
    ).json();
    expect(log.deliveries.map((d: { id: string }) => d.id)).toContain(sent.json().id);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, endpoint.id), eq(auditLog.action, 'webhook.test_sent')));
    expect(audit).toHaveLength(1);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('never delivers one row twice when two workers run at once', async () => {
    const endpoint = await addEndpoint();
    receiver.answer([200]);
    receiver.received.length = 0;
    for (let i = 0; i < 30; i++) {
      await recordWebhookEvent(db, {
        stationId: station.id,
        type: 'translation.completed',
        data: { i },
        at: clock.now,
      });
    }
    const [a, b] = await Promise.all([
      deliverDue(worker('node-a', { batchSize: 4 })),
      deliverDue(worker('node-b', { batchSize: 4 })),
    ]);
    expect((a?.delivered ?? 0) + (b?.delivered ?? 0)).toBe(30);
    const ids = receiver.received.map((r) => r.headers['messagestation-event-id']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('records nothing for a station without endpoints, or for a disabled one', async () => {
    const before = (await db.select().from(webhookDeliveries)).length;
    expect(
      await recordWebhookEvent(db, {
        stationId: other.station.id,
        type: 'send.completed',
        data: {},
        at: clock.now,
      }),
    ).toBe(0);
    const endpoint = await addEndpoint(receiver.url, ['send.completed']);
    await patch(admin, `/admin/api/webhooks/${endpoint.id}`, { enabled: false });
    const [off] = (await admin.get('/admin/api/webhooks'))
      .json()
      .endpoints.filter((e: { id: string }) => e.id === endpoint.id);
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'admin' });
    expect(
      await recordWebhookEvent(db, {
        stationId: station.id,
        type: 'send.completed',
        data: {},
        at: clock.now,
      }),
    ).toBe(0);
    expect((await db.select().from(webhookDeliveries)).length).toBe(before);
  });

  it('forgets finished deliveries after 30 days, never pending ones', async () => {
    const endpoint = await addEndpoint();
    receiver.answer([200]);
    await recordWebhookEvent(db, { stationId: station.id, type: 'translation.completed', data: {}, at: T0 });
    await deliverDue(worker());
    await recordWebhookEvent(db, { stationId: station.id, type: 'translation.completed', data: {}, at: T0 });
    const all = await db.select().from(webhookDeliveries);
    expect(all.some((d) => d.status === 'pending')).toBe(true);
    expect(all.some((d) => d.status !== 'pending')).toBe(true);
    await pruneDeliveries(db, new Date(T0.getTime() + 40 * 86_400_000));
    const left = await db.select().from(webhookDeliveries);
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((d) => d.status === 'pending' || d.status === 'sending')).toBe(true);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('says so when a secret sealed under another SESSION_SECRET cannot be revealed, and a roll fixes it', async () => {
    const endpoint = await addEndpoint();
    await db
      .update(webhookEndpoints)
      .set({ secretSealed: 'v1.AAAA.BBBB.CCCC' })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const refused = await admin.post(`/admin/api/webhooks/${endpoint.id}/secret/reveal`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('webhook_secret_unreadable');
    const rolled = (await admin.post(`/admin/api/webhooks/${endpoint.id}/secret/roll`)).json();
    expect((await admin.post(`/admin/api/webhooks/${endpoint.id}/secret/reveal`)).json()).toEqual(rolled);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });

  it('pages the log by delivery, losing none that share a time', async () => {
    const endpoint = await addEndpoint();
    for (let i = 0; i < 7; i++) {
      await recordWebhookEvent(db, {
        stationId: station.id,
        type: 'translation.completed',
        data: { i },
        at: T0,
      });
    }
    const seen: string[] = [];
    let before = '';
    for (let page = 0; page < 5; page++) {
      const url = `/admin/api/webhooks/deliveries?endpoint_id=${endpoint.id}&limit=3${before ? `&before_id=${before}` : ''}`;
      const { deliveries } = (await admin.get(url)).json() as { deliveries: { id: string }[] };
      seen.push(...deliveries.map((d) => d.id));
      if (deliveries.length < 3) break;
      before = deliveries.at(-1)?.id ?? '';
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    const foreign = await otherAdmin.get(`/admin/api/webhooks/deliveries?before_id=${seen[0]}`);
    expect(foreign.statusCode).toBe(404);
    await del(admin, `/admin/api/webhooks/${endpoint.id}`);
  });
});
