// The document against real traffic: a browser signing in and working, an integration on /api/v1,
// Twilio's and Stripe's webhooks, and the refusals each meets (no session, no CSRF token, a bad
// body, a forged signature). Every answer's status must be one the document gives its operation,
// its media type one it names, and a JSON body valid against the documented schema (ajv).
import Stripe from 'stripe';
import twilio from 'twilio';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { createAnswerCheck, fetchDocument, type TAnswer } from '../../test/openapi-answers.js';
import { apiClient, createStationKey } from '../../test/station-keys.js';

const AUTH_TOKEN = 'replay-auth-token';
const DAYTIME = new Date('2026-11-23T18:00:00Z');

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('the OpenAPI document holds every answer of real traffic', async () => {
  const { app, db, config } = await createTestApp({
    now: () => DAYTIME,
    dispatchInBackground: false,
    config: {
      sms: {
        provider: 'twilio',
        testMode: true,
        twilio: {
          accountSid: 'AC1',
          authToken: AUTH_TOKEN,
          fromNumber: '+15005550006',
          statusCallbackUrl: 'x',
        },
      },
    } as never,
    sms: { name: 'twilio', send: async () => ({ providerMessageId: `SM${Date.now()}` }) },
  });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'replay',
    languages: ['en', 'es'],
  });
  const check = createAnswerCheck(await fetchDocument(app));
  const seen: { key: string; status: number }[] = [];
  const problems: string[] = [];

  /** Records the answer and what the document does not say about it. */
  const replay = (method: TMethod, url: string, answer: TAnswer, expected?: number) => {
    seen.push({ key: `${method} ${url.split('?')[0]}`, status: answer.statusCode });
    problems.push(...check.problemsOf(method, url, answer));
    if (expected !== undefined) expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(expected);
    return answer as typeof answer & { json(): { id: string } };
  };
  const browser = new TestClient(app);
  const as = async (client: TestClient, method: TMethod, url: string, body?: unknown, expected?: number) =>
    replay(method, url, await client.request({ method, url, body }), expected);
  const bare = async (method: TMethod, url: string, body?: unknown, expected?: number) =>
    replay(method, url, await app.inject({ method, url, payload: body as never }), expected);

  afterAll(() => {
    // What was replayed, for whoever reads the run.
    const statuses = new Set(seen.map((s) => s.status));
    console.info(`replayed ${seen.length} requests, statuses ${[...statuses].sort().join(' ')}`);
  });

  it('a visitor and a signed-in admin in the browser', async () => {
    await bare('GET', '/healthz', undefined, 200);
    await bare('GET', '/readyz', undefined, 200);
    await bare('GET', '/api/bot-check', undefined, 200);
    await bare('GET', '/terms', undefined, 200);
    await bare('GET', '/api/stations/replay/logo', undefined, 404);
    await bare('GET', '/admin/api/messages', undefined, 401);
    await as(browser, 'GET', '/auth/session', undefined, 401);
    // Without the token the CSRF check refuses before anything else.
    await bare('POST', '/auth/login', { email: adminEmail, password: 'demo1234' }, 403);
    await as(browser, 'POST', '/auth/login', {}, 400);
    await as(browser, 'POST', '/auth/login', { email: adminEmail, password: 'wrong-password' }, 401);
    await as(browser, 'POST', '/auth/login', { email: adminEmail, password: 'demo1234' }, 200);
    await as(browser, 'GET', '/auth/session', undefined, 200);
    await as(browser, 'GET', '/admin/api/station', undefined, 200);
    await as(browser, 'GET', '/admin/api/superadmin/status', undefined, 200);
    await as(browser, 'GET', '/admin/api/users', undefined, 200);
    await as(browser, 'GET', '/admin/api/audit', undefined, 200);
    await as(browser, 'GET', '/admin/api/audit.csv', undefined, 200);
    await as(browser, 'GET', '/admin/api/sms-contacts?limit=5', undefined, 200);
    await as(browser, 'GET', '/admin/api/sms-contacts.csv', undefined, 200);
    await as(browser, 'GET', '/admin/api/messages?limit=5', undefined, 200);
    await as(browser, 'GET', '/admin/api/messages?limit=0', undefined, 400);
    const message = {
      title: 'Road closed',
      original: 'Main Street is closed until noon.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'alert',
    };
    const created = await as(browser, 'POST', '/admin/api/messages', message, 201);
    const id = created.json().id as string;
    await as(browser, 'POST', '/admin/api/messages', { ...message, target_languages: ['en'] }, 400);
    await as(
      browser,
      'PUT',
      `/admin/api/messages/${id}`,
      { ...message, title: 'Road closed (updated)' },
      200,
    );
    await as(browser, 'GET', `/admin/api/messages/${id}/deliveries.csv`, undefined, 200);
    await as(browser, 'PUT', '/admin/api/messages/00000000-0000-4000-8000-000000000000', message, 404);
    await as(
      browser,
      'POST',
      '/admin/api/sms-contacts',
      {
        name: 'Dana',
        phone: '+12125550150',
        message_preferences: { alert: { subscribed: true, language: 'es' } },
        consent_attested: true,
      },
      201,
    );
    await as(browser, 'POST', '/admin/api/station-keys', { name: 'Replay', scopes: ['messages:read'] }, 201);
    // The browser's cookies without its token: refused for CSRF whatever the route.
    const forged = await app.inject({
      method: 'DELETE',
      url: `/admin/api/messages/${id}`,
      headers: { cookie: [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    replay('DELETE', `/admin/api/messages/${id}`, forged, 403);
    await as(browser, 'DELETE', `/admin/api/messages/${id}`, undefined, 200);
    expect(problems).toEqual([]);
  });

  it('an integration on /api/v1', async () => {
    const admin = new TestClient(app);
    await admin.login(adminEmail);
    const { key } = await createStationKey(admin, [
      'messages:read',
      'messages:write',
      'contacts:read',
      'contacts:write',
      'sms:send',
      'reports:read',
    ]);
    const { key: readOnly } = await createStationKey(admin, ['messages:read']);
    const api = apiClient(app, key);
    const call = async (
      method: TMethod,
      url: string,
      body?: unknown,
      expected?: number,
      headers?: Record<string, string>,
    ) => replay(method, url, await api.call(method as 'GET', url, body, headers), expected);
    replay('GET', '/api/v1/me', await apiClient(app, null).get('/api/v1/me'), 401);
    replay('POST', '/api/v1/contacts', await apiClient(app, readOnly).post('/api/v1/contacts', {}), 403);
    await call('GET', '/api/v1/me', undefined, 200);
    await call('GET', '/api/v1/messages?limit=3', undefined, 200);
    const body = {
      title: 'Boil water notice',
      original: 'Boil tap water before drinking.',
      target_languages: ['es'],
      message_type: 'alert',
    };
    const created = await call('POST', '/api/v1/messages', body, 201);
    const id = created.json().id as string;
    await call('POST', '/api/v1/messages', { ...body, original_language: 'es' }, 400);
    await call('GET', `/api/v1/messages/${id}`, undefined, 200);
    await call('GET', `/api/v1/messages/${id}/translations`, undefined, 200);
    await call('GET', '/api/v1/messages/00000000-0000-4000-8000-000000000000', undefined, 404);
    await call('GET', '/api/v1/messages/00000000-0000-4000-8000-000000000000/events', undefined, 404);
    const contact = {
      name: 'Lee',
      phone: '+12125550160',
      message_preferences: { alert: { subscribed: true, language: 'es' } },
      consent_attested: true,
      consent_text: 'Yes, text me alerts.',
    };
    const added = await call('POST', '/api/v1/contacts', contact, 201);
    await call('POST', '/api/v1/contacts', contact, 409);
    await call('POST', '/api/v1/contacts', { ...contact, phone: '+33612345678' }, 400);
    await call('GET', '/api/v1/contacts?limit=2', undefined, 200);
    await call('GET', `/api/v1/contacts/${added.json().id}`, undefined, 200);
    await call('POST', `/api/v1/contacts/${added.json().id}/opt-out`, undefined, 200);
    // A message with its translations done, sent to a contact.
    await createContact(db, station.id, {
      phone: '+12125550170',
      choices: [{ messageType: 'alert', language: 'es' }],
    });
    const ready = await createMessage(db, station.id, {
      original: 'Shelter in place.',
      type: 'alert',
      translations: { es: 'Refúgiese en su lugar.' },
    });
    await call('GET', `/api/v1/messages/${ready.id}/send-sms/preview`, undefined, 200);
    await call('POST', `/api/v1/messages/${ready.id}/send-sms`, {}, 400);
    await call('POST', `/api/v1/messages/${ready.id}/send-sms`, {}, 200, { 'idempotency-key': 'replay-1' });
    await call('GET', `/api/v1/messages/${ready.id}/deliveries`, undefined, 200);
    await call('GET', `/api/v1/messages/${ready.id}/recipients`, undefined, 200);
    expect(problems).toEqual([]);
  });

  it("Twilio's and Stripe's webhooks", async () => {
    const post = async (url: string, form: Record<string, string>, signed: boolean, expected: number) =>
      replay(
        'POST',
        url,
        await app.inject({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            ...(signed
              ? {
                  'x-twilio-signature': twilio.getExpectedTwilioSignature(
                    AUTH_TOKEN,
                    `${config.publicUrl}${url}`,
                    form,
                  ),
                }
              : {}),
          },
          payload: new URLSearchParams(form).toString(),
        }),
        expected,
      );
    const status = { MessageSid: 'SM00000000000000000000000000000001', MessageStatus: 'delivered' };
    await post('/webhooks/sms/status', status, false, 403);
    await post('/webhooks/sms/status', status, true, 204);
    await post('/webhooks/sms/status', { MessageStatus: 'delivered' }, true, 400);
    const inbound = {
      MessageSid: 'SM00000000000000000000000000000002',
      From: '+12125550180',
      To: '+15005550006',
      Body: 'HELLO',
    };
    await post('/webhooks/sms/inbound', inbound, false, 403);
    await post('/webhooks/sms/inbound', inbound, true, 200);

    const event = JSON.stringify({
      id: 'evt_replay_1',
      object: 'event',
      type: 'customer.created',
      created: Math.floor(DAYTIME.getTime() / 1000),
      data: { object: { id: 'cus_replay' } },
    });
    const stripe = async (signature: string | null, expected: number) =>
      replay(
        'POST',
        '/webhooks/stripe',
        await app.inject({
          method: 'POST',
          url: '/webhooks/stripe',
          headers: {
            'content-type': 'application/json',
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
          payload: event,
        }),
        expected,
      );
    await stripe(null, 400);
    await stripe(`t=${Math.floor(DAYTIME.getTime() / 1000)},v1=${'0'.repeat(64)}`, 400);
    await stripe(
      Stripe.webhooks.generateTestHeaderString({
        payload: event,
        secret: config.billing.webhookSecret ?? '',
        timestamp: Math.floor(DAYTIME.getTime() / 1000),
      }),
      200,
    );
    expect(problems).toEqual([]);
  });
});
