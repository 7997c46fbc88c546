// My Account (decision 0020): change password, the Sessions list and its sign-outs, and sessions
// ended by an email change.
import { ACCOUNT_ERROR_CODES } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type TSessionRow = {
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  ip: string | null;
};

describe('my account', async () => {
  let clock = new Date('2026-11-22T12:00:00Z');
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const { app, db } = await createTestApp({ now: () => clock });

  /** A browser with its own address and user agent, signed in. */
  async function signedIn(email: string, userAgent: string, ip: string, password = 'demo1234') {
    const client = new TestClient(app, ip);
    await client.request({ url: '/auth/session', headers: { 'user-agent': userAgent } });
    const response = await client.request({
      method: 'POST',
      url: '/auth/login',
      body: { email, password },
      headers: { 'user-agent': userAgent },
    });
    expect(response.statusCode).toBe(200);
    return client;
  }
  const signedInAs = async (client: TestClient) => (await client.get('/auth/session')).statusCode;

  it('changes the password: the other sessions end, this one stays, and the new password signs in', async () => {
    const station = await createStationWithAdmin(db, { slug: 'pw' });
    const laptop = await signedIn(station.adminEmail, FIREFOX_LINUX, '10.0.0.1');
    const phone = await signedIn(station.adminEmail, SAFARI_IPHONE, '10.0.0.2');

    const wrong = await laptop.post('/admin/api/account/password', {
      currentPassword: 'not-it-at-all',
      newPassword: 'a-new-long-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: 'Your current password is not correct.',
      code: ACCOUNT_ERROR_CODES.wrongPassword,
      params: {},
    });
    const short = await laptop.post('/admin/api/account/password', {
      currentPassword: 'demo1234',
      newPassword: 'short',
    });
    expect(short.json()).toMatchObject({ error: 'Password must be at least 8 characters long.' });
    expect(await signedInAs(phone)).toBe(200);

    const changed = await laptop.post('/admin/api/account/password', {
      currentPassword: 'demo1234',
      newPassword: 'a-new-long-password',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ revoked: 1 });
    expect(await signedInAs(phone)).toBe(401);
    expect(await signedInAs(laptop)).toBe(200);

    const [row] = await db.select().from(users).where(eq(users.email, station.adminEmail));
    expect(row?.passwordChangedAt?.toISOString()).toBe(clock.toISOString());
    const oldPassword = new TestClient(app, '10.0.0.3');
    await oldPassword.get('/auth/session');
    expect(
      (await oldPassword.post('/auth/login', { email: station.adminEmail, password: 'demo1234' })).statusCode,
    ).toBe(401);
    await signedIn(station.adminEmail, FIREFOX_LINUX, '10.0.0.4', 'a-new-long-password');
  });

  it('lists where I am signed in, this device marked, last seen at most once a minute', async () => {
    const station = await createStationWithAdmin(db, { slug: 'list' });
    await signedIn(station.adminEmail, FIREFOX_LINUX, '10.0.1.1');
    later(5);
    const phone = await signedIn(station.adminEmail, SAFARI_IPHONE, '10.0.1.2');
    const signInTime = clock.toISOString();

    later(20);
    const list = await phone.get('/admin/api/account/sessions');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      {
        current: true,
        browser: 'Safari',
        os: 'iOS',
        ip: '10.0.1.2',
        created_at: signInTime,
        last_seen_at: signInTime,
      },
      { current: false, browser: 'Firefox', os: 'Linux', ip: '10.0.1.1' },
    ]);

    const [phoneRow] = list.json() as TSessionRow[];
    const seen = async () =>
      (
        await db
          .select()
          .from(sessions)
          .where(eq(sessions.id, phoneRow?.id ?? ''))
      )[0]?.lastSeenAt?.toISOString();
    later(30);
    await phone.get('/auth/session');
    expect(await seen()).toBe(signInTime);
    later(10);
    await phone.get('/auth/session');
    expect(await seen()).toBe(clock.toISOString());
  });

  it('signs out one session, or all the others; someone else’s session is not found', async () => {
    const station = await createStationWithAdmin(db, { slug: 'signout' });
    const other = await createStationWithAdmin(db, { slug: 'elsewhere' });
    const a = await signedIn(station.adminEmail, FIREFOX_LINUX, '10.0.2.1');
    const b = await signedIn(station.adminEmail, SAFARI_IPHONE, '10.0.2.2');
    const c = await signedIn(station.adminEmail, SAFARI_IPHONE, '10.0.2.3');
    const stranger = await signedIn(other.adminEmail, FIREFOX_LINUX, '10.0.2.4');
    const colleague = await signedIn('admin@demo.test', FIREFOX_LINUX, '10.0.2.5');

    const mine = (await a.get('/admin/api/account/sessions')).json() as TSessionRow[];
    const bId = mine.find((s) => s.ip === '10.0.2.2')?.id as string;
    const strangerId = ((await stranger.get('/admin/api/account/sessions')).json() as TSessionRow[])[0]?.id;
    const colleagueId = ((await colleague.get('/admin/api/account/sessions')).json() as TSessionRow[])[0]?.id;

    // Another station's session, and another user's, answer 404 and stay signed in.
    for (const id of [strangerId, colleagueId]) {
      const response = await a.request({ method: 'DELETE', url: `/admin/api/account/sessions/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Session not found' });
    }
    expect(await signedInAs(stranger)).toBe(200);
    expect(await signedInAs(colleague)).toBe(200);

    const one = await a.request({ method: 'DELETE', url: `/admin/api/account/sessions/${bId}` });
    expect(one.json()).toEqual({ ok: true });
    expect(await signedInAs(b)).toBe(401);
    expect(await signedInAs(c)).toBe(200);

    const others = await a.post('/admin/api/account/sessions/revoke-others');
    expect(others.json()).toEqual({ revoked: 1 });
    expect(await signedInAs(c)).toBe(401);
    expect(await signedInAs(a)).toBe(200);
    expect(
      ((await a.get('/admin/api/account/sessions')).json() as TSessionRow[]).map((s) => s.current),
    ).toEqual([true]);
  });

  it('ends every session of a user whose email the admin changed; other edits keep them', async () => {
    const admin = await signedIn('admin@demo.test', FIREFOX_LINUX, '10.0.3.1');
    const user = await signedIn('user@demo.test', SAFARI_IPHONE, '10.0.3.2');
    const [row] = await db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const edit = (email: string, fullName = 'Sam User') =>
      admin.request({
        method: 'PUT',
        url: `/admin/api/users/${row?.id}`,
        body: { full_name: fullName, email },
      });

    expect((await edit('user@demo.test', 'Sam Q. User')).statusCode).toBe(200);
    expect(await signedInAs(user)).toBe(200);

    const token = user.jar.get('session') as string;
    expect((await edit('sam@demo.test')).statusCode).toBe(200);
    expect(await signedInAs(user)).toBe(401);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, sha256(token))),
    ).toEqual([]);
    await signedIn('sam@demo.test', SAFARI_IPHONE, '10.0.3.3');
  });
});
