// /metrics as an operator's Prometheus reads it: what happened on this node (responses by route,
// provider calls and errors by code) and the shared state read when scraped (texts by status, the
// dispatch lag, translation jobs by state); behind METRICS_TOKEN, absent in production without one.
import { describe, expect, it } from 'vitest';
import { SmsSendError, type TSmsProvider } from '../providers/sms/types.js';
import { createTestApp, TestClient } from '../test/app.js';
import { crowdPhone, stationWithCrowd } from '../test/crowd.js';
import { createMessage } from '../test/messages-factory.js';
import { waitUntil } from '../test/poll.js';
import { prefixEngine } from '../test/prefix-engine.js';

/** One sample's value from Prometheus's text format, or undefined when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

const REFUSED = crowdPhone(3);

/** Twilio's answers as the dispatcher sees them: one number is not a mobile (code 21614). */
const sms: TSmsProvider = {
  name: 'twilio',
  async send(message) {
    if (message.to === REFUSED) throw new SmsSendError('permanent', 'not a mobile number', 21614);
    return { providerMessageId: `SM${message.to.slice(1)}` };
  },
};

const engine = prefixEngine;

describe('/metrics', async () => {
  const { app, db } = await createTestApp({ sms, translation: engine, workers: true });
  const { station, adminEmail } = await stationWithCrowd(db, {
    slug: 'kmetrics',
    languages: ['en', 'es'],
    count: 5,
  });
  const staff = new TestClient(app);
  await staff.login(adminEmail);
  const scrape = async () => {
    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('counts responses by route pattern, texts by status and provider errors by code', async () => {
    const message = await createMessage(db, station.id, { original: 'Flood on Main St.', type: 'emergency' });
    expect((await staff.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    await waitUntil('the send to finish', async () => {
      const text = await scrape();
      return sample(text, 'sms_deliveries', { status: 'sent' }) === 4;
    });
    const text = await scrape();
    expect(sample(text, 'sms_deliveries', { status: 'failed' })).toBe(1);
    expect(sample(text, 'sms_deliveries', { status: 'queued' })).toBe(0);
    expect(sample(text, 'sms_provider_requests_total', { provider: 'twilio', outcome: 'sent' })).toBe(4);
    expect(sample(text, 'sms_provider_requests_total', { provider: 'twilio', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'sms_provider_errors_total', { code: '21614', kind: 'permanent' })).toBe(1);
    // By the route's pattern, not the URL with its id.
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/admin/api/messages/:id/send-sms',
        status_code: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/auth/login' })).toBe(1);
    expect(sample(text, 'sms_dispatch_lag_seconds', { lane: 'default' })).toBeUndefined();
    expect(sample(text, 'sse_streams_open')).toBe(0);
    expect(sample(text, 'agent_connections_open')).toBe(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('shows translation jobs by state', async () => {
    const created = await staff.post('/admin/api/messages', {
      title: 'Storm',
      original: 'Stay indoors.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    });
    expect(created.statusCode).toBe(201);
    await waitUntil('the translation job to complete', async () => {
      return sample(await scrape(), 'translation_jobs', { state: 'completed' }) === 1;
    });
    const text = await scrape();
    expect(sample(text, 'translation_jobs', { state: 'created' })).toBeUndefined();
    expect(sample(text, 'translation_jobs_oldest_seconds', { state: 'completed' })).toBeGreaterThanOrEqual(0);
  });
});

describe('/metrics dispatch lag', async () => {
  // Nobody dispatches here: the texts wait, and the lag is the oldest due one's wait.
  let clock = new Date('2026-11-27T15:00:00Z');
  const { app, db } = await createTestApp({ sms, now: () => clock, dispatchInBackground: false });
  const { station, adminEmail } = await stationWithCrowd(db, { slug: 'kmetricslag', count: 2 });

  it('is how long the oldest text due now has waited, per lane', async () => {
    const staff = new TestClient(app);
    await staff.login(adminEmail);
    const message = await createMessage(db, station.id, { original: 'Boil water.', type: 'emergency' });
    expect((await staff.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 90_000);
    const text = (await app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'sms_dispatch_lag_seconds', { lane: 'default' })).toBe(90);
    expect(sample(text, 'sms_deliveries', { status: 'queued' })).toBe(2);
  });
});

describe('/metrics access', async () => {
  const token = 'metrics-token-of-the-operator';
  const { app } = await createTestApp({ config: { metricsToken: token } });

  it('answers only the bearer of METRICS_TOKEN when it is set', async () => {
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    const right = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(right.statusCode).toBe(200);
  });
});

describe('/metrics in production without a token', async () => {
  const { app } = await createTestApp({ config: { env: 'production', metricsToken: null } });

  it('does not exist', async () => {
    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });
});
