import { ADMIN_RESET_CAPTCHA_TOKEN, USER_ERRORS } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, outboxMessages, passwordResetTokens, stations, users } from '../../db/schema/index.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin, setBilling } from '../../test/factories.js';
import { inviteAndAccept } from '../../test/invitations.js';

const newUser = {
  full_name: 'Jordan Lee',
  email: 'Jordan@Demo.test ',
  phone_number: '(415) 555-0134',
};

describe('station users', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const other = await createStationWithAdmin(db, { slug: 'other' });
  const [otherAdminRow] = await db.select().from(users).where(eq(users.email, other.adminEmail));
  const otherAdminId = otherAdminRow?.id as string;

  async function userId(email: string) {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id as string;
  }

  it('lists the station’s users with roles, phones and API access', async () => {
    const response = await admin.get('/admin/api/users');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { email: string; role: string; api_access_enabled: boolean }[];
    expect(list.map((u) => [u.email, u.role])).toEqual([
      ['admin@demo.test', 'admin'],
      ['user@demo.test', 'user'],
    ]);
    expect(list[0]).toMatchObject({
      full_name: 'Alex Admin',
      phone_number: '+15555550100',
      api_access_enabled: true,
      api_access_reason: null,
      api_key: null,
    });
    expect(list[0]).not.toHaveProperty('password_hash');
  });

  it('adds a user (role user by default) who accepts the invitation and can then sign in', async () => {
    const { id } = await inviteAndAccept(app, db, admin, newUser);
    const listed = (await admin.get('/admin/api/users')).json() as { id: string }[];
    expect(listed.find((user) => user.id === id)).toMatchObject({
      full_name: 'Jordan Lee',
      email: 'jordan@demo.test',
      phone_number: '+14155550134',
      role: 'user',
    });
    const jordan = new TestClient(app);
    expect((await jordan.login('jordan@demo.test', 'longenough')).json()).toMatchObject({ role: 'user' });
  });

  it.each([
    [{ full_name: ' ' }, 'Full name is required.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email.'],
    [{ phone_number: '' }, 'Phone number is required.'],
    [{ phone_number: '+44 20 7946 0958' }, 'Only US phone numbers (+1) can be used.'],
    [{ phone_number: '+33 7 81 23 45 67' }, 'Only US phone numbers (+1) can be used.'],
    [{ role: 'owner' }, 'Role must be admin or user.'],
  ])('refuses %j with its text', async (change, text) => {
    const response = await admin.post('/admin/api/users', { ...newUser, email: 'x@demo.test', ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(text);
    expect(await userId('x@demo.test')).toBeUndefined();
  });

  it('keeps email addresses unique across the service', async () => {
    // Add User of this station's own address is refused; another station's is an invitation
    // that never opens (invitations.test.ts), so the admin cannot tell it has an account.
    const taken = await admin.post('/admin/api/users', { ...newUser, email: 'USER@demo.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(USER_ERRORS.emailTaken);
    expect((await admin.post('/admin/api/users', { ...newUser, email: 'ADMIN@other.test' })).statusCode).toBe(
      201,
    );
    const id = await userId('jordan@demo.test');
    const edit = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${id}`,
      body: { full_name: 'Jordan', email: 'user@demo.test' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('edits a standard user, never an admin account', async () => {
    const id = await userId('jordan@demo.test');
    const edit = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${id}`,
      body: { full_name: 'Jordan Lee-Park', email: 'jordan.lp@demo.test' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ full_name: 'Jordan Lee-Park', email: 'jordan.lp@demo.test' });
    const adminEdit = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${await userId('admin@demo.test')}`,
      body: { full_name: 'Hacked', email: 'admin@demo.test' },
    });
    expect(adminEdit.statusCode).toBe(403);
    expect(adminEdit.json().error).toBe(USER_ERRORS.editAdmin);
    const empty = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${id}`,
      body: { full_name: '', email: 'a@b.co' },
    });
    expect(empty.json().error).toContain('Full name is required.');
  });

  it('never deletes an admin account; deletes a standard user and their sessions', async () => {
    const adminDelete = await admin.request({
      method: 'DELETE',
      url: `/admin/api/users/${await userId('admin@demo.test')}`,
    });
    expect(adminDelete.statusCode).toBe(403);
    expect(adminDelete.json().error).toBe(USER_ERRORS.deleteAdmin);
    const temp = await inviteAndAccept(app, db, admin, { ...newUser, email: 'temp@demo.test' });
    const tempClient = new TestClient(app);
    await tempClient.login('temp@demo.test', 'longenough');
    const removed = await admin.request({ method: 'DELETE', url: `/admin/api/users/${temp.id}` });
    expect(removed.json()).toEqual({ ok: true });
    expect((await tempClient.get('/auth/session')).statusCode).toBe(401);
  });

  it('answers 404 for a user of another station, and 403 to standard users', async () => {
    for (const [method, url, body] of [
      ['PUT', `/admin/api/users/${otherAdminId}`, { full_name: 'X', email: 'x@x.co' }],
      ['DELETE', `/admin/api/users/${otherAdminId}`, undefined],
      ['POST', `/admin/api/users/${otherAdminId}/api-key`, undefined],
      ['DELETE', `/admin/api/users/${otherAdminId}/api-key`, undefined],
    ] as const) {
      const response = await admin.request({ method, url, body });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await db.select().from(users).where(eq(users.id, otherAdminId));
    expect(row?.fullName).toBe('other Admin');
    const standard = new TestClient(app);
    await standard.login('user@demo.test');
    expect((await standard.get('/admin/api/users')).statusCode).toBe(403);
    expect((await standard.post('/admin/api/users', newUser)).statusCode).toBe(403);
  });
});

describe('API keys', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const [sam] = await db.select().from(users).where(eq(users.email, 'user@demo.test'));
  const samId = sam?.id as string;
  const agent = (stationId: string, key: string) =>
    app.inject({
      url: '/agent/v1/session',
      headers: { 'x-station-id': stationId, authorization: `Bearer ${key}` },
    });

  it('shows the key in full once, stores only its hash, and signs the agent in', async () => {
    const response = await admin.post(`/admin/api/users/${samId}/api-key`);
    expect(response.statusCode).toBe(200);
    const key = response.json().api_key as string;
    expect(key).toMatch(/^ms-[0-9a-f]{64}$/);
    expect(response.json().user.api_key).toBe(`${key.slice(0, 11)}…`);
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.userId, samId));
    expect(stored?.keyHash).toBe(sha256(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    const list = (await admin.get('/admin/api/users')).json() as { id: string; api_key: string }[];
    expect(JSON.stringify(list)).not.toContain(key);

    const signedIn = await agent('demo', key);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ station: { slug: 'demo' }, user: { email: 'user@demo.test' } });
    expect((await agent('other', key)).statusCode).toBe(401);
    expect((await agent('demo', `${key.slice(0, -1)}x`)).statusCode).toBe(401);
    expect((await agent('demo', 'not-a-key')).json().error).toBe('Invalid Station ID or API key');
  });

  it('regenerating cuts the old key off; revoking cuts the new one off', async () => {
    const first = (await admin.post(`/admin/api/users/${samId}/api-key`)).json().api_key as string;
    const second = (await admin.post(`/admin/api/users/${samId}/api-key`)).json().api_key as string;
    expect(second).not.toBe(first);
    expect((await agent('demo', first)).statusCode).toBe(401);
    expect((await agent('demo', second)).statusCode).toBe(200);
    const revoked = await admin.request({ method: 'DELETE', url: `/admin/api/users/${samId}/api-key` });
    expect(revoked.json().api_key).toBeNull();
    expect((await agent('demo', second)).statusCode).toBe(401);
  });

  it('says why there is no access: switched off for the user, or no active plan', async () => {
    const off = await admin.request({
      method: 'PUT',
      url: `/admin/api/users/${samId}`,
      body: { full_name: 'Sam User', email: 'user@demo.test', api_access_enabled: false },
    });
    expect(off.json()).toMatchObject({ api_access_enabled: false, api_access_reason: USER_ERRORS.accessOff });
    const refused = await admin.post(`/admin/api/users/${samId}/api-key`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(USER_ERRORS.accessOff);

    const key = (
      await admin.post(
        `/admin/api/users/${(await db.select().from(users).where(eq(users.email, 'admin@demo.test')))[0]?.id}/api-key`,
      )
    ).json().api_key as string;
    const [demo] = await db.select({ id: stations.id }).from(stations).where(eq(stations.slug, 'demo'));
    await setBilling(db, demo?.id ?? '', { paymentStatus: 'suspended' });
    const suspended = await agent('demo', key);
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error).toBe(USER_ERRORS.accessNeedsPlan);
    const list = (await admin.get('/admin/api/users')).json() as { api_access_reason: string | null }[];
    expect(list.every((u) => u.api_access_reason !== null)).toBe(true);
    await setBilling(db, demo?.id ?? '', { paymentStatus: 'paid' });
  });
});

describe('password reset from the Users page', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const request = (
    client: TestClient,
    email: string,
    token: string | undefined = ADMIN_RESET_CAPTCHA_TOKEN,
  ) => client.post('/auth/password-reset/request', { email, turnstileToken: token });

  it('emails a single-use link valid one hour, storing only the token hash', async () => {
    const response = await request(admin, 'user@demo.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password reset email sent successfully!' });
    const [email] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, 'user@demo.test'));
    expect(email).toMatchObject({ channel: 'email', subject: 'Reset your Message Station password' });
    const token = /reset-password\?token=([\w-]+)/.exec(email?.body ?? '')?.[1] as string;
    expect(token).toBeTruthy();
    const [stored] = await db.select().from(passwordResetTokens);
    expect(stored?.tokenHash).toBe(sha256(token));
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBe(3_600_000);
  });

  it('accepts the placeholder only from a signed-in admin of the same station', async () => {
    const anonymous = new TestClient(app);
    await anonymous.get('/auth/session');
    expect((await request(anonymous, 'user@demo.test')).statusCode).toBe(403);
    const standard = new TestClient(app);
    await standard.login('user@demo.test');
    expect((await request(standard, 'admin@demo.test')).statusCode).toBe(403);
    await createStationWithAdmin(db, { slug: 'other' });
    expect((await request(admin, 'admin@other.test')).statusCode).toBe(404);
    const noCaptcha = await request(admin, 'user@demo.test', '');
    expect(noCaptcha.statusCode).toBe(400);
    expect(noCaptcha.json().error).toBe('Please complete the CAPTCHA verification');
  });

  it('limits links per account to five an hour', async () => {
    await inviteAndAccept(app, db, admin, { ...newUser, email: 'limit@demo.test' });
    for (let i = 0; i < 5; i++) expect((await request(admin, 'limit@demo.test')).statusCode).toBe(200);
    expect((await request(admin, 'limit@demo.test')).statusCode).toBe(429);
  });
});
