// A request's id follows its work: answered in X-Request-Id (the load balancer's when it sent a
// plain one), carried by the translation job it queued into the worker's log lines and the
// engine's call, and by the send it accepted into the SMS provider's calls.
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createTwilioSmsProvider } from '../providers/sms/twilio.js';
import { createLibreTranslateProvider } from '../providers/translation/libretranslate.js';
import { createTestApp, TestClient } from '../test/app.js';
import { stationWithCrowd } from '../test/crowd.js';
import { TEST_CONFIG_ENV } from '../test/db.js';
import { startFakeLibreTranslate } from '../test/fake-translation-servers.js';
import { startFakeTwilio } from '../test/fake-twilio.js';
import { captureLogs } from '../test/log-lines.js';
import { createMessage } from '../test/messages-factory.js';
import { waitUntil } from '../test/poll.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', async () => {
  const libre = await startFakeLibreTranslate();
  const twilio = await startFakeTwilio();
  afterAll(async () => {
    await libre.close();
    await twilio.close();
  });
  const { lines, logger } = captureLogs();
  // The retry waits a second: time to see the failed call and let the next one through.
  const translation = { ...loadConfig(TEST_CONFIG_ENV).translation, retryDelaySeconds: 1 };
  const { app, db } = await createTestApp({
    workers: true,
    config: { translation },
    logger,
    translation: createLibreTranslateProvider({ url: libre.url }, { timeoutMs: 5000 }),
    sms: createTwilioSmsProvider({
      accountSid: 'AC00000000000000000000000000000005',
      authToken: 'request-ids',
      fromNumber: '+15005550006',
      statusCallbackUrl: 'http://127.0.0.1/webhooks/sms/status',
      apiBaseUrl: twilio.url,
    }),
  });
  const { station, adminEmail } = await stationWithCrowd(db, {
    slug: 'kreqids',
    languages: ['en', 'es'],
    count: 3,
  });
  const staff = new TestClient(app);
  await staff.login(adminEmail);

  it('answers each request with its id: a plain incoming one as is, else a new UUID', async () => {
    const fresh = await app.inject({ url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const given = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'caddy-7f3a' } });
    expect(given.headers['x-request-id']).toBe('caddy-7f3a');
    // Not a plain token (spaces, quotes, too long): not used, not logged.
    for (const bad of ['two words', 'a"b', 'x'.repeat(129)]) {
      const refused = await app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(refused.headers['x-request-id']).toMatch(UUID);
    }
  });

  it("carries the id into the translation job: the worker's log lines and the engine's call", async () => {
    // The first call fails (503): the worker logs it and the job is retried.
    libre.override({ kind: 'error', status: 503, path: '/translate' });
    const created = await staff.request({
      method: 'POST',
      url: '/admin/api/messages',
      headers: { 'x-request-id': 'trace-translate' },
      body: {
        title: 'Storm',
        original: 'Stay indoors.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'alert',
      },
    });
    expect(created.statusCode).toBe(201);
    await waitUntil('the failed first call', () => libre.requests.some((r) => r.path === '/translate'));
    libre.reset();
    await waitUntil('the retried call', () => libre.requests.some((r) => r.path === '/translate'), {
      timeoutMs: 20_000,
    });
    const calls = libre.requests.filter((r) => r.path === '/translate');
    expect(calls.every((r) => r.headers['x-request-id'] === 'trace-translate')).toBe(true);
    const retried = lines
      .map((line) => JSON.parse(line) as { msg: string; reqId?: string })
      .filter((entry) => entry.msg === 'translation will be retried');
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((entry) => entry.reqId === 'trace-translate')).toBe(true);
  });

  it("carries the id of the send into the SMS provider's calls", async () => {
    const message = await createMessage(db, station.id, { original: 'Flood on Main St.', type: 'emergency' });
    const sent = await staff.request({
      method: 'POST',
      url: `/admin/api/messages/${message.id}/send-sms`,
      headers: { 'x-request-id': 'trace-send' },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['x-request-id']).toBe('trace-send');
    await waitUntil('three texts', () => twilio.requests.length >= 3);
    expect(twilio.requests.map((r) => r.requestId)).toEqual(['trace-send', 'trace-send', 'trace-send']);
  });
});
