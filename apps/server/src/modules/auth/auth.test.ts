import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../../test/app.js';

const DAY_SECONDS = 24 * 60 * 60;

describe('auth', async () => {
  let clock = new Date('2026-11-22T12:00:00Z');
  const { app, db } = await createTestApp({ now: () => clock });

  it('hands an anonymous visitor only a CSRF cookie and answers 401', async () => {
    const response = await app.inject({ url: '/auth/session' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'Not signed in' });
    expect(response.cookies.map((c) => c.name)).toEqual(['csrf_token']);
    const csrf = response.cookies[0];
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: DAY_SECONDS });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.secure).toBeFalsy();
  });

  it('answers 200 null with the same CSRF cookie to a visitor who asks with optional=true', async () => {
    const response = await app.inject({ url: '/auth/session?optional=true' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).toBe('null');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.cookies.map((c) => c.name)).toEqual(['csrf_token']);
    expect(response.cookies[0]).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: DAY_SECONDS });
    // The token it hands out opens the visitor's first write, as the 401's does.
    const client = new TestClient(app);
    await client.get('/auth/session?optional=true');
    expect((await client.login('admin@demo.test')).statusCode).toBe(200);
    // Signed in, the flag changes nothing: the user; optional=false is the 401 of old.
    const session = await client.get('/auth/session?optional=true');
    expect(session.json()).toMatchObject({ email: 'admin@demo.test', stationName: 'Demo Radio' });
    expect((await app.inject({ url: '/auth/session?optional=false' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/auth/session?optional=yes' })).statusCode).toBe(400);
  });

  it('answers 200 null and drops a stale session cookie when asked with optional=true', async () => {
    const client = new TestClient(app);
    await client.login('admin@demo.test');
    const token = client.jar.get('session') ?? '';
    await client.post('/auth/logout');
    const replay = await app.inject({ url: '/auth/session?optional=true', cookies: { session: token } });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe('null');
    expect(replay.cookies.map((c) => c.name).sort()).toEqual(['csrf_token', 'session']);
    expect(replay.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });

  it('signs in with the right password and sets exactly the session and CSRF cookies', async () => {
    const client = new TestClient(app);
    const response = await client.login('Admin@Demo.test ');
    expect(response.json()).toMatchObject({
      email: 'admin@demo.test',
      fullName: 'Alex Admin',
      role: 'admin',
      isSuperadmin: false,
      stationSlug: 'demo',
      stationName: 'Demo Radio',
      viewingStationId: null,
    });
    const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c]));
    // And the known-device note of decision 0054, sent only to the sign-in calls.
    expect(Object.keys(cookies).sort()).toEqual(['csrf_token', 'known_device', 'session']);
    expect(cookies.known_device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' });
    expect(cookies.session).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: DAY_SECONDS,
    });
    expect(cookies.csrf_token).toMatchObject({ sameSite: 'Lax', path: '/', maxAge: DAY_SECONDS });
    expect(cookies.csrf_token?.httpOnly).toBeFalsy();

    // Only the token's hash is stored, and it expires after 24 hours.
    const token = cookies.session?.value ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)));
    expect(row?.expiresAt.getTime()).toBe(clock.getTime() + DAY_SECONDS * 1000);
    const rows = await db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);

    const session = await client.get('/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ email: 'admin@demo.test', stationName: 'Demo Radio' });
  });

  it('answers the same error for a wrong password and an unknown email', async () => {
    const client = new TestClient(app);
    await client.get('/auth/session');
    const wrong = await client.post('/auth/login', { email: 'admin@demo.test', password: 'nope-nope' });
    const unknown = await client.post('/auth/login', { email: 'nobody@demo.test', password: 'demo1234' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'Invalid email or password' });
      expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
    }
  });

  it('refuses a login body without fields with a readable 400', async () => {
    const client = new TestClient(app);
    await client.get('/auth/session');
    const response = await client.post('/auth/login', { email: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(/email/i);
  });

  it('reports the standard user and the superadmin by role and flag', async () => {
    const user = await new TestClient(app).login('user@demo.test');
    expect(user.json()).toMatchObject({ role: 'user', isSuperadmin: false, fullName: 'Sam User' });
    const superadmin = await new TestClient(app).login('superadmin@demo.test');
    expect(superadmin.json()).toMatchObject({ isSuperadmin: true });
  });

  it('logs out: the session is deleted and its token no longer works', async () => {
    const client = new TestClient(app);
    await client.login('admin@demo.test');
    const token = client.jar.get('session') ?? '';
    const out = await client.post('/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    const cleared = out.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    expect((await client.get('/auth/session')).statusCode).toBe(401);

    const replay = await app.inject({ url: '/auth/session', cookies: { session: token } });
    expect(replay.statusCode).toBe(401);
    // A stale session cookie is dropped and a fresh anonymous CSRF token handed out.
    expect(replay.cookies.map((c) => c.name).sort()).toEqual(['csrf_token', 'session']);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token))),
    ).toHaveLength(0);
  });

  it('expires a session after 24 hours', async () => {
    const client = new TestClient(app);
    await client.login('admin@demo.test');
    const start = clock;
    clock = new Date(start.getTime() + DAY_SECONDS * 1000 - 1000);
    expect((await client.get('/auth/session')).statusCode).toBe(200);
    clock = new Date(start.getTime() + DAY_SECONDS * 1000 + 1000);
    expect((await client.get('/auth/session')).statusCode).toBe(401);
    clock = start;
  });
});

describe('CSRF', async () => {
  const { app } = await createTestApp();

  it('refuses a POST without the X-CSRF-Token header', async () => {
    const client = new TestClient(app);
    await client.get('/auth/session');
    const response = await client.post(
      '/auth/login',
      { email: 'admin@demo.test', password: 'demo1234' },
      {
        'x-csrf-token': '',
      },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatch(/CSRF/);
    expect(response.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('refuses a POST whose header does not match the cookie, or with no cookie at all', async () => {
    const client = new TestClient(app);
    await client.get('/auth/session');
    const mismatch = await client.post(
      '/auth/login',
      { email: 'admin@demo.test', password: 'demo1234' },
      {
        'x-csrf-token': 'forged.value',
      },
    );
    expect(mismatch.statusCode).toBe(403);
    const bare = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'admin@demo.test', password: 'demo1234' },
    });
    expect(bare.statusCode).toBe(403);
  });

  it('refuses a self-made token that the server did not sign', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      cookies: { csrf_token: 'abc.def' },
      headers: { 'x-csrf-token': 'abc.def' },
      payload: { email: 'admin@demo.test', password: 'demo1234' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('binds the token to its session: another session’s token is refused', async () => {
    const alice = new TestClient(app);
    await alice.login('admin@demo.test');
    const bob = new TestClient(app);
    await bob.login('user@demo.test');
    const response = await app.inject({
      method: 'POST',
      url: '/auth/logout',
      cookies: { session: bob.jar.get('session') ?? '', csrf_token: alice.jar.get('csrf_token') ?? '' },
      headers: { 'x-csrf-token': alice.jar.get('csrf_token') ?? '' },
    });
    expect(response.statusCode).toBe(403);
    expect((await bob.get('/auth/session')).statusCode).toBe(200);
  });

  it('marks both cookies Secure when configured for HTTPS', async () => {
    const secure = await createTestApp({ config: { cookieSecure: true } });
    const client = new TestClient(secure.app);
    const response = await client.login('admin@demo.test');
    expect(response.cookies.map((c) => [c.name, c.secure])).toEqual([
      ['session', true],
      ['csrf_token', true],
      ['known_device', true],
    ]);
  });
});

// Sign-in limits (failures only, per account and per address): rate-limits/sign-in.test.ts.
