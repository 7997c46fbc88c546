// Per-key limits on API keys, and the per-route limits counted in the shared store (decision 0019).
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, type TConfig } from '../../config.js';
import { rateLimits as rateLimitRows, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';

const rateLimits: TConfig['rateLimits'] = {
  ...loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true' }).rateLimits,
  apiKeyPerMinute: 3,
};
let clock = Date.now();
const { app, db } = await createTestApp({ config: { rateLimits }, now: () => new Date(clock) });

const admin = new TestClient(app, '10.4.0.1');
await admin.login('admin@demo.test');
async function keyOf(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return (await admin.post(`/admin/api/users/${user?.id}/api-key`)).json().api_key as string;
}
const agentSession = (key: string) =>
  app.inject({
    url: '/agent/v1/session',
    headers: { 'x-station-id': 'demo', authorization: `Bearer ${key}` },
  });

describe('API key limits', () => {
  it('answers 429 past the per-minute count of a key, while another key goes on', async () => {
    const staffKey = await keyOf('user@demo.test');
    const adminKey = await keyOf('admin@demo.test');
    for (let i = 0; i < 3; i++) expect((await agentSession(staffKey)).statusCode).toBe(200);
    const refused = await agentSession(staffKey);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many requests with this API key. Please try again in 1 minute.');
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      rate_limit: 'api_key',
      retry_after_seconds: 60,
    });
    expect((await agentSession(adminKey)).statusCode).toBe(200);

    clock += 60_000;
    expect((await agentSession(staffKey)).statusCode).toBe(200);
  });
});

describe('route limits in the shared store', () => {
  it('keeps the 429 text and Retry-After, and counts in the rate_limits table', async () => {
    const visitor = new TestClient(app, '10.4.0.9');
    await visitor.get('/auth/session');
    const form = { name: 'A', email: 'a@example.test', subject: 'Hi', message: 'Hello' };
    for (let i = 0; i < 5; i++) expect((await visitor.post('/api/contact', form)).statusCode).toBe(400);
    const refused = await visitor.post('/api/contact', form);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      rate_limit: 'route',
      retry_after_seconds: 900,
    });
    const [row] = await db
      .select()
      .from(rateLimitRows)
      .where(like(rateLimitRows.key, 'route:POST/api/contact:%10.4.0.9'));
    expect(row?.hits).toBe(6);

    // Another address has its own count.
    const other = new TestClient(app, '10.4.0.10');
    await other.get('/auth/session');
    expect((await other.post('/api/contact', form)).statusCode).toBe(400);
  });
});
