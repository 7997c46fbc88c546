// Who may call /api/v1: 401 without a live key (revocation counts at once), 403 naming
// the scope an operation needs, 404 for another station's objects, the per-key rate limit with its
// headers (an injected clock, no waiting), and last_used_at written at most once a minute.
import { STATION_KEY_SCOPES, type TStationKeyScope } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { stationApiKeys } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { apiClient, createStationKey } from '../../test/station-keys.js';

const START = new Date('2026-11-23T18:00:00Z');
const ALL = STATION_KEY_SCOPES;
const without = (scope: TStationKeyScope) => ALL.filter((s) => s !== scope);

describe('/api/v1 access', async () => {
  const clock = { now: START };
  const { app, db, database, config } = await createTestApp({
    now: () => clock.now,
    dispatchInBackground: false,
  });
  const mine = await createStationWithAdmin(db, { slug: 'apikeys' });
  const theirs = await createStationWithAdmin(db, { slug: 'apiother' });
  const admin = new TestClient(app);
  await admin.login(mine.adminEmail);
  const otherAdmin = new TestClient(app, '198.51.100.3');
  await otherAdmin.login(theirs.adminEmail);
  const full = await createStationKey(admin, ALL, { name: 'Everything' });

  const theirMessage = await createMessage(db, theirs.station.id, { original: 'Theirs' });
  const theirContact = await createContact(db, theirs.station.id, { phone: '+12125550199' });
  const myMessage = await createMessage(db, mine.station.id, { original: 'Mine' });
  const myContact = await createContact(db, mine.station.id, { phone: '+12125550101' });

  /** Every operation with the scope it needs and a call that would otherwise pass its checks. */
  const operations: [TStationKeyScope, 'GET' | 'POST' | 'PUT', string, unknown?][] = [
    ['messages:read', 'GET', '/api/v1/messages'],
    ['messages:read', 'GET', `/api/v1/messages/${myMessage.id}`],
    ['messages:read', 'GET', `/api/v1/messages/${myMessage.id}/translations`],
    ['messages:read', 'GET', `/api/v1/messages/${myMessage.id}/events`],
    [
      'messages:write',
      'POST',
      '/api/v1/messages',
      {
        title: 'Drill',
        original: 'This is a drill.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'alert',
      },
    ],
    ['sms:send', 'GET', `/api/v1/messages/${myMessage.id}/send-sms/preview`],
    ['sms:send', 'POST', `/api/v1/messages/${myMessage.id}/send-sms`, {}],
    ['reports:read', 'GET', `/api/v1/messages/${myMessage.id}/deliveries`],
    ['reports:read', 'GET', `/api/v1/messages/${myMessage.id}/recipients`],
    ['contacts:read', 'GET', '/api/v1/contacts'],
    ['contacts:read', 'GET', `/api/v1/contacts/${myContact.id}`],
    [
      'contacts:write',
      'POST',
      '/api/v1/contacts',
      {
        phone: '+12125550150',
        message_preferences: { emergency: { subscribed: true, language: 'en' } },
        consent_attested: true,
        consent_text: 'Yes, text me alerts.',
      },
    ],
    [
      'contacts:write',
      'PUT',
      `/api/v1/contacts/${myContact.id}/preferences`,
      { message_preferences: { emergency: { subscribed: true, language: 'en' } } },
    ],
    ['contacts:write', 'POST', `/api/v1/contacts/${myContact.id}/opt-out`],
  ];

  it('answers 401 with WWW-Authenticate without a key, with a malformed, unknown or desktop key', async () => {
    const missing = await apiClient(app, null).get('/api/v1/me');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().code).toBe('station_key_missing');
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="Message Station API v1"');

    const basic = await apiClient(app, null).get('/api/v1/me', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(basic.statusCode).toBe(401);
    expect(basic.json().code).toBe('station_key_missing');

    for (const key of [`mssk-${'0'.repeat(64)}`, `ms-${'a'.repeat(64)}`, full.key.slice(0, -1)]) {
      const refused = await apiClient(app, key).get('/api/v1/me');
      expect(refused.statusCode, key).toBe(401);
      expect(refused.json().code).toBe('station_key_invalid');
      expect(refused.headers['www-authenticate']).toBe(
        'Bearer realm="Message Station API v1", error="invalid_token"',
      );
    }
    // A browser's session is no key: the API takes none.
    const session = await admin.get('/api/v1/me');
    expect(session.statusCode).toBe(401);
  });

  it('says which station and key a request was made with', async () => {
    const response = await apiClient(app, full.key).get('/api/v1/me');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      station: { id: mine.station.id, slug: 'apikeys', display_name: 'APIKEYS Radio' },
      key: {
        id: full.id,
        name: 'Everything',
        key_prefix: full.key.slice(0, 13),
        scopes: [...ALL],
        rate_limit_per_minute: 60,
      },
    });
  });

  it.each(STATION_KEY_SCOPES)(
    'answers 403 naming %s to a key without it, for every operation that needs it',
    async (scope) => {
      const { key } = await createStationKey(admin, without(scope));
      const client = apiClient(app, key);
      const needing = operations.filter(([needs]) => needs === scope);
      expect(needing.length).toBeGreaterThan(0);
      for (const [, method, url, body] of needing) {
        const response = await client.call(
          method,
          url,
          body,
          method === 'POST' ? { 'idempotency-key': 'k1' } : {},
        );
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({
          code: 'station_key_scope',
          params: { scope },
          error: `This API key lacks the ${scope} scope.`,
        });
      }
      // The scope is checked before the body: an invalid one is still 403.
      const [, method, url] = needing[needing.length - 1] as (typeof operations)[number];
      if (method !== 'GET') expect((await client.call(method, url, { nonsense: true })).statusCode).toBe(403);
    },
  );

  it("answers 404 for another station's message or contact at every operation taking an id", async () => {
    const client = apiClient(app, full.key);
    const idOperations = operations.filter(
      ([, , url]) => url.includes(myMessage.id) || url.includes(myContact.id),
    );
    expect(idOperations).toHaveLength(10);
    for (const [, method, url, body] of idOperations) {
      const foreign = url.replace(myMessage.id, theirMessage.id).replace(myContact.id, theirContact.id);
      const response = await client.call(
        method,
        foreign,
        body,
        method === 'POST' ? { 'idempotency-key': 'k404' } : {},
      );
      expect(response.statusCode, `${method} ${foreign}`).toBe(404);
      expect(response.body).not.toContain('Theirs');
    }
    // A malformed id is not found either.
    expect((await client.get('/api/v1/messages/not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses a revoked key on the very next request', async () => {
    const { key, id } = await createStationKey(admin, ['messages:read']);
    expect((await apiClient(app, key).get('/api/v1/messages')).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `/admin/api/station-keys/${id}` })).statusCode).toBe(
      200,
    );
    const after = await apiClient(app, key).get('/api/v1/messages');
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('station_key_invalid');
  });

  it('limits each key to its requests per minute, with the RateLimit headers and Retry-After', async () => {
    clock.now = new Date(START.getTime() + 10 * 60_000);
    const limited = await createStationKey(admin, ['messages:read'], { rateLimit: 3 });
    const neighbour = await createStationKey(admin, ['messages:read'], { rateLimit: 3 });
    const client = apiClient(app, limited.key);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await client.get('/api/v1/me');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-limit']).toBe('3');
      expect(response.headers['ratelimit-reset']).toBe('60');
      remaining.push(String(response.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);

    clock.now = new Date(clock.now.getTime() + 20_000);
    const refused = await client.get('/api/v1/me');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers).toMatchObject({
      'retry-after': '40',
      'ratelimit-limit': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': '40',
    });
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      rate_limit: 'api_key',
      retry_after_seconds: 40,
      error: 'Too many requests with this API key. Please try again in 40 seconds.',
    });
    // Another key of the same station is counted apart.
    expect((await apiClient(app, neighbour.key).get('/api/v1/me')).statusCode).toBe(200);
    // A new minute, a new window.
    clock.now = new Date(clock.now.getTime() + 40_000);
    const later = await client.get('/api/v1/me');
    expect(later.statusCode).toBe(200);
    expect(later.headers['ratelimit-remaining']).toBe('2');
  });

  it('notes when a key was last used, at most once a minute', async () => {
    clock.now = new Date(START.getTime() + 60 * 60_000);
    const { key, id } = await createStationKey(admin, ['contacts:read']);
    const lastUsed = async () =>
      (await db.select().from(stationApiKeys).where(eq(stationApiKeys.id, id)))[0]?.lastUsedAt?.toISOString();
    expect(await lastUsed()).toBeUndefined();
    const first = clock.now.toISOString();
    await apiClient(app, key).get('/api/v1/contacts');
    expect(await lastUsed()).toBe(first);
    clock.now = new Date(clock.now.getTime() + 30_000);
    await apiClient(app, key).get('/api/v1/contacts');
    expect(await lastUsed()).toBe(first);
    clock.now = new Date(clock.now.getTime() + 31_000);
    await apiClient(app, key).get('/api/v1/contacts');
    expect(await lastUsed()).toBe(clock.now.toISOString());
    const listed = (await admin.get('/admin/api/station-keys'))
      .json()
      .find((k: { id: string }) => k.id === id);
    expect(listed.last_used_at).toBe(clock.now.toISOString());
  });

  it('counts a key’s requests on every node together', async () => {
    // A second node on the same database (its own rate-limit store object, the same counters).
    const other = await buildApp({ config, database, now: () => clock.now, dispatchInBackground: false });
    try {
      clock.now = new Date(START.getTime() + 2 * 60 * 60_000);
      const { key } = await createStationKey(admin, ['messages:read'], { rateLimit: 3 });
      const statuses: number[] = [];
      for (const node of [app, other, app, other]) {
        statuses.push((await apiClient(node, key).get('/api/v1/me')).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await other.close();
    }
  });
});
