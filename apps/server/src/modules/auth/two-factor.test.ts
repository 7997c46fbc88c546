// Two-factor sign-in (decision 0020): enrolment, the code step of a sign-in, replay, recovery
// codes, the challenge's limits, and a station that requires it for admins.
import { ACCOUNT_ERROR_CODES } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, users } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { openSecret } from './two-factor.js';

describe('two-factor sign-in', async () => {
  let clock = new Date('2026-11-22T12:00:00Z');
  const { app, db, config } = await createTestApp({ now: () => clock });
  const later = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };
  const codeAt = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.getTime() });

  /** Signs in, sets up two-factor with a code made at the test's clock; the secret and recovery codes. */
  async function enrol(client: TestClient) {
    const setup = await client.post('/admin/api/account/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json() as { secret: string; uri: string };
    const enabled = await client.post('/admin/api/account/two-factor/enable', { code: codeAt(secret) });
    expect(enabled.statusCode).toBe(200);
    return { secret, uri, recoveryCodes: (enabled.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  async function passwordStep(client: TestClient, email: string) {
    await client.get('/auth/session');
    return client.post('/auth/login', { email, password: 'demo1234' });
  }

  it('enrols with a scanned secret, keeps it sealed, and answers ten recovery codes once', async () => {
    const admin = new TestClient(app);
    await admin.login('admin@demo.test');
    const before = await admin.get('/admin/api/account');
    expect(before.json()).toEqual({
      twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
      station: { requireTwoFactor: false },
    });

    const wrong = await admin.post('/admin/api/account/two-factor/enable', { code: '123456' });
    expect(wrong.json()).toEqual({
      error: 'Start the setup again.',
      code: ACCOUNT_ERROR_CODES.setupNotStarted,
      params: {},
    });

    const { secret, uri, recoveryCodes: codes } = await enrol(admin);
    expect(uri).toBe(
      `otpauth://totp/Message%20Station:admin%40demo.test?issuer=Message%20Station&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const [row] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    expect(row?.totpSecret).not.toContain(secret);
    expect(openSecret(config.sessionSecret, row?.totpSecret ?? '')).toBe(secret);
    const stored = await db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, row?.id ?? ''));
    expect(stored.map((r) => r.codeHash)).not.toContain(codes[0]);

    const after = await admin.get('/admin/api/account');
    expect(after.json()).toMatchObject({
      twoFactor: { enabled: true, enabledAt: clock.toISOString(), recoveryCodesLeft: 10 },
    });
    // Setup again while on is refused: the secret in use never changes silently.
    const again = await admin.post('/admin/api/account/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.alreadyEnabled });
  });

  it('asks for the code after the password; no session until a fresh code; a code is never taken twice', async () => {
    const station = await createStationWithAdmin(db, { slug: 'otp' });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);
    const { secret } = await enrol(admin);

    const browser = new TestClient(app);
    const first = await passwordStep(browser, station.adminEmail);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    expect(first.cookies.map((c) => c.name)).toEqual(['login_challenge']);
    expect(first.cookies[0]).toMatchObject({ httpOnly: true, path: '/auth/login', maxAge: 300 });
    expect((await browser.get('/auth/session')).statusCode).toBe(401);

    // The code that turned two-factor on (same time step) is refused: replay.
    const replay = await browser.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.invalidCode });

    later(30);
    const code = codeAt(secret);
    const done = await browser.post('/auth/login/two-factor', { code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: station.adminEmail, role: 'admin', stationSlug: 'otp' });
    expect((await browser.get('/auth/session')).json()).toMatchObject({ email: station.adminEmail });

    // The same code once more, in another sign-in: refused.
    const other = new TestClient(app);
    await passwordStep(other, station.adminEmail);
    const again = await other.post('/auth/login/two-factor', { code });
    expect(again.statusCode).toBe(401);
    expect((await other.get('/auth/session')).statusCode).toBe(401);
  });

  it('lets a superadmin turn it on too: their sign-in then asks for the code', async () => {
    const superadmin = new TestClient(app);
    await superadmin.login('superadmin@demo.test');
    const { secret } = await enrol(superadmin);
    const browser = new TestClient(app);
    expect((await passwordStep(browser, 'superadmin@demo.test')).json()).toEqual({ twoFactorRequired: true });
    later(30);
    const done = await browser.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(done.json()).toMatchObject({ email: 'superadmin@demo.test', isSuperadmin: true });
  });

  it('takes each recovery code once', async () => {
    const station = await createStationWithAdmin(db, { slug: 'recovery' });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);
    const { recoveryCodes: codes } = await enrol(admin);
    const code = codes[3] as string;

    const browser = new TestClient(app);
    await passwordStep(browser, station.adminEmail);
    const used = await browser.post('/auth/login/two-factor', { code: ` ${code.toUpperCase()} ` });
    expect(used.statusCode).toBe(200);
    expect((await admin.get('/admin/api/account')).json()).toMatchObject({
      twoFactor: { recoveryCodesLeft: 9 },
    });

    const second = new TestClient(app);
    await passwordStep(second, station.adminEmail);
    const reused = await second.post('/auth/login/two-factor', { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.invalidCode });
    expect((await second.get('/auth/session')).statusCode).toBe(401);
  });

  it('closes the code step after five minutes or five wrong codes', async () => {
    const station = await createStationWithAdmin(db, { slug: 'challenge' });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);
    const { secret } = await enrol(admin);

    const slow = new TestClient(app);
    await passwordStep(slow, station.adminEmail);
    later(5 * 60 + 1);
    const expired = await slow.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.challengeExpired });

    const guesser = new TestClient(app);
    await passwordStep(guesser, station.adminEmail);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await guesser.post('/auth/login/two-factor', { code: '000000' });
      expect(wrong.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.invalidCode });
    }
    later(30);
    const right = await guesser.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.challengeExpired });
    expect((await guesser.get('/auth/session')).statusCode).toBe(401);

    const noCookie = new TestClient(app);
    await noCookie.get('/auth/session');
    const without = await noCookie.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(without.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.challengeExpired });
  });

  it('takes ten codes an hour per account, over all its sign-ins', async () => {
    const station = await createStationWithAdmin(db, { slug: 'hourly' });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);
    const { secret } = await enrol(admin);

    // Two sign-ins with five wrong codes each: a third sign-in's right code waits.
    for (const attempt of [1, 2]) {
      const guesser = new TestClient(app, `10.9.0.${attempt}`);
      await passwordStep(guesser, station.adminEmail);
      for (let i = 0; i < 5; i++) await guesser.post('/auth/login/two-factor', { code: '000000' });
    }
    later(30);
    const owner = new TestClient(app, '10.9.0.9');
    expect((await passwordStep(owner, station.adminEmail)).json()).toEqual({ twoFactorRequired: true });
    const refused = await owner.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.tooManyCodes });
    expect((await owner.get('/auth/session')).statusCode).toBe(401);

    later(60 * 60);
    await passwordStep(owner, station.adminEmail);
    const accepted = await owner.post('/auth/login/two-factor', { code: codeAt(secret) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ email: station.adminEmail });
  });

  it('turns off with the password and a code, and sign-in is one step again', async () => {
    const station = await createStationWithAdmin(db, { slug: 'turnoff' });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);
    const { secret } = await enrol(admin);
    later(30);

    const wrongPassword = await admin.post('/admin/api/account/two-factor/disable', {
      password: 'nope-nope',
      code: codeAt(secret),
    });
    expect(wrongPassword.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.wrongPassword });
    const wrongCode = await admin.post('/admin/api/account/two-factor/disable', {
      password: 'demo1234',
      code: '000000',
    });
    // A signed-in user's wrong code is a 400 of its own, not the sign-in step's 401.
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.rejectedCode });
    const off = await admin.post('/admin/api/account/two-factor/disable', {
      password: 'demo1234',
      code: codeAt(secret),
    });
    expect(off.statusCode).toBe(200);

    const browser = new TestClient(app);
    const signIn = await passwordStep(browser, station.adminEmail);
    expect(signIn.json()).toMatchObject({ email: station.adminEmail });
    const [row] = await db.select().from(users).where(eq(users.email, station.adminEmail));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(
      await db
        .select()
        .from(recoveryCodes)
        .where(eq(recoveryCodes.userId, row?.id ?? '')),
    ).toEqual([]);
  });

  it('a station that requires two-factor sends its admins to set it up before anything else', async () => {
    const station = await createStationWithAdmin(db, { slug: 'strict' });
    const admin = new TestClient(app);
    await admin.login(station.adminEmail);

    const tooEarly = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/security',
      body: { requireTwoFactor: true },
    });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.enableOwnFirst });
    await enrol(admin);
    const on = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/security',
      body: { requireTwoFactor: true },
    });
    expect(on.json()).toEqual({ requireTwoFactor: true });

    // A second admin without two-factor signs in: told to set it up, refused elsewhere.
    await db.insert(users).values({
      stationId: station.station.id,
      email: 'second@strict.test',
      passwordHash: (await db.select().from(users).where(eq(users.email, station.adminEmail)))[0]
        ?.passwordHash as string,
      fullName: 'Second Admin',
      role: 'admin',
    });
    const second = new TestClient(app);
    const signIn = await second.login('second@strict.test');
    expect(signIn.json()).toMatchObject({ email: 'second@strict.test', twoFactorSetupRequired: true });
    const refused = await second.get('/admin/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.setupRequired });
    expect((await second.get('/admin/api/messages')).statusCode).toBe(403);

    const secondSecret = (await enrol(second)).secret;
    expect((await second.get('/admin/api/users')).statusCode).toBe(200);
    expect((await second.get('/auth/session')).json()).not.toHaveProperty('twoFactorSetupRequired');

    // While required, an admin cannot turn theirs off.
    later(30);
    const off = await second.post('/admin/api/account/two-factor/disable', {
      password: 'demo1234',
      code: codeAt(secondSecret),
    });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: ACCOUNT_ERROR_CODES.requiredByStation });

    // Standard users are not affected; the switch is for admins only.
    const standard = new TestClient(app);
    await standard.login('user@demo.test');
    const userTry = await standard.request({
      method: 'PUT',
      url: '/admin/api/station/security',
      body: { requireTwoFactor: false },
    });
    expect(userTry.statusCode).toBe(403);
  });
});
