// Sign-in limits through the API (decisions 0019, 0054): attempts are reserved before the password
// is checked, per account and address, per address, and per account from unknown devices; a known
// device is counted on its own; a completed reset forgets the account's failures; the waits
// double; the owner gets one email when unknown devices are made to wait.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, type TConfig } from '../../config.js';
import { outboxMessages, passwordResetTokens, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { sha256 } from '../../platform/tokens.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createUserWithHash } from '../users/service.js';
import { SIGN_IN_LOCKED_QUEUE } from './lock-email.js';
import { delayAfter } from './sign-in.js';

const base = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true' }).rateLimits;
const rateLimits: TConfig['rateLimits'] = {
  ...base,
  signIn: {
    accountFailures: 3,
    addressFailures: 6,
    newDeviceFailures: 4,
    delayMs: 60_000,
    maxDelayMs: 240_000,
  },
};
let clock = Date.now();
const advance = (ms: number) => {
  clock += ms;
};
const { app, db } = await createTestApp({
  config: { rateLimits },
  now: () => new Date(clock),
  workers: true,
});

const ADMIN = 'admin@demo.test';
let nextAddress = 1;
/** A browser on an address no other test uses. */
async function visitor(ip = `10.1.0.${nextAddress++}`) {
  const client = new TestClient(app, ip);
  await client.get('/auth/session');
  return client;
}
const signIn = (client: TestClient, email: string, password: string) =>
  client.post('/auth/login', { email, password });

async function staffUsers(count: number, prefix: string) {
  const [admin] = await db.select().from(users).where(eq(users.email, ADMIN));
  const passwordHash = await hashPassword('staff-pass-1');
  for (let i = 0; i < count; i++) {
    await createUserWithHash(db, {
      stationId: admin?.stationId as string,
      email: `${prefix}${i}@demo.test`,
      passwordHash,
      fullName: `Staff ${i}`,
      role: 'user',
    });
  }
  return Array.from({ length: count }, (_, i) => `${prefix}${i}@demo.test`);
}

const lockEmails = (to: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.to, to)));

/** Resets the password the way the owner does: the emailed link, the texted code, a new password. */
async function completeReset(client: TestClient, email: string, newPassword: string) {
  await db.update(users).set({ phoneNumber: '+14155550177' }).where(eq(users.email, email));
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const token = randomBytes(24).toString('hex');
  await db.insert(passwordResetTokens).values({
    userId: user?.id as string,
    tokenHash: sha256(token),
    expiresAt: new Date(clock + 3_600_000),
    requestedBy: null,
    ip: '10.1.9.9',
    createdAt: new Date(clock),
  });
  const verified = await client.post('/auth/password-reset/verify', { token });
  expect(verified.statusCode).toBe(200);
  const done = await client.post('/auth/password-reset/complete', {
    token,
    verificationCode: verified.json().test_code,
    newPassword,
  });
  expect(done.statusCode).toBe(200);
}

describe('the wait after failures', () => {
  it('starts at the threshold, doubles with each further failure and stops at the cap', () => {
    const limits = rateLimits.signIn;
    expect([2, 3, 4, 5, 6, 9].map((n) => delayAfter(n, 3, limits))).toEqual([
      0, 60_000, 120_000, 240_000, 240_000, 240_000,
    ]);
  });
});

describe('sign-in limits', () => {
  it('lets 30 staff behind one address sign in: successes never count', async () => {
    const staff = await staffUsers(30, 'nat');
    for (const email of staff) {
      const client = await visitor('192.0.2.30');
      const response = await signIn(client, email, 'staff-pass-1');
      expect(response.statusCode).toBe(200);
      expect(response.json().email).toBe(email);
    }
  });

  it('a correct password clears the failures of its account from its address', async () => {
    const [email] = await staffUsers(1, 'clears');
    const client = await visitor();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++)
        expect((await signIn(client, email as string, 'wrong')).statusCode).toBe(401);
      expect((await signIn(client, email as string, 'staff-pass-1')).statusCode).toBe(200);
    }
  });

  it('makes one address wait for an account after its failures, while the owner elsewhere signs in', async () => {
    const [email] = await staffUsers(1, 'pair');
    const guesser = await visitor();
    for (let i = 0; i < 3; i++)
      expect((await signIn(guesser, email as string, 'wrong')).statusCode).toBe(401);
    const refused = await signIn(guesser, email as string, 'staff-pass-1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: 'Too many attempts. Please try again in 1 minute.',
      code: 'rate_limited',
      rate_limit: 'sign_in',
      retry_after_seconds: 60,
    });
    expect(refused.headers['retry-after']).toBe('60');
    expect((await signIn(await visitor(), email as string, 'staff-pass-1')).statusCode).toBe(200);
  });

  it('makes unknown devices wait after failures from many addresses, never the owner’s known device', async () => {
    const ownersLaptop = await visitor('192.0.2.80');
    expect((await signIn(ownersLaptop, ADMIN, 'demo1234')).statusCode).toBe(200);
    expect(ownersLaptop.jar.get('known_device')).toBeTruthy();
    await ownersLaptop.post('/auth/logout');

    for (let i = 0; i < 4; i++) {
      const response = await signIn(await visitor(), ADMIN, 'wrong-password');
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('Invalid email or password');
    }
    const stranger = await signIn(await visitor(), ADMIN, 'demo1234');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers['retry-after']).toBe('60');
    expect(stranger.cookies.find((c) => c.name === 'session')).toBeUndefined();

    const owner = await signIn(ownersLaptop, ADMIN, 'demo1234');
    expect(owner.statusCode).toBe(200);
    expect((await ownersLaptop.get('/auth/session')).json().email).toBe(ADMIN);

    // Strangers' waits double; after the last one the right password works anywhere.
    advance(61_000);
    expect((await signIn(await visitor(), ADMIN, 'still-wrong')).statusCode).toBe(401);
    const longer = await signIn(await visitor(), ADMIN, 'demo1234');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('120');
    expect(longer.json().error).toBe('Too many attempts. Please try again in 2 minutes.');
    advance(121_000);
    expect((await signIn(await visitor(), ADMIN, 'demo1234')).statusCode).toBe(200);
  });

  it('counts a known device’s own failures, so a stolen note is no way round the limit', async () => {
    const [email] = await staffUsers(1, 'device');
    const laptop = await visitor();
    expect((await signIn(laptop, email as string, 'staff-pass-1')).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await signIn(laptop, email as string, 'wrong')).statusCode).toBe(401);
    expect((await signIn(laptop, email as string, 'staff-pass-1')).statusCode).toBe(429);
    // A forged note is no known device: strangers' rules.
    const forger = await visitor();
    forger.jar.set('known_device', `${'a'.repeat(32)}.dev.${Math.floor(clock / 1000)}.forged`);
    expect((await signIn(forger, email as string, 'staff-pass-1')).statusCode).toBe(200);
  });

  it('lets the owner in right after a completed reset, on a new device too', async () => {
    const [email] = await staffUsers(1, 'reset');
    const owner = email as string;
    for (let i = 0; i < 4; i++) await signIn(await visitor(), owner, 'wrong');
    expect((await signIn(await visitor(), owner, 'staff-pass-1')).statusCode).toBe(429);

    const phone = await visitor();
    await completeReset(phone, owner, 'brand-new-pass');
    expect((await signIn(await visitor(), owner, 'brand-new-pass')).statusCode).toBe(200);
    // The browser that completed the reset is a known device of the account.
    expect(phone.jar.get('known_device')).toBeTruthy();
    for (let i = 0; i < 4; i++) await signIn(await visitor(), owner, 'wrong');
    expect((await signIn(await visitor(), owner, 'brand-new-pass')).statusCode).toBe(429);
    expect((await signIn(phone, owner, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('checks at most the limit’s passwords in a burst, and a right guess over the limit signs nobody in', async () => {
    const [email] = await staffUsers(1, 'burst');
    const guesser = await visitor();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => signIn(guesser, email as string, 'wrong')),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);

    const second = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(guesser, email as string, i === 10 ? 'staff-pass-1' : 'wrong'),
      ),
    );
    expect(second.map((r) => r.statusCode)).toEqual(Array(20).fill(429));
    expect(second.flatMap((r) => r.cookies).find((c) => c.name === 'session')).toBeUndefined();
  });

  it('emails the owner once per lock, in English, with the way to reset the password', async () => {
    const [email] = await staffUsers(1, 'mailed');
    const owner = email as string;
    for (let i = 0; i < 4; i++) await signIn(await visitor(), owner, 'wrong');
    // More attempts while locked and after the wait: no second email for the same lock.
    await signIn(await visitor(), owner, 'wrong');
    advance(61_000);
    await signIn(await visitor(), owner, 'wrong');

    await vi.waitFor(async () => expect(await lockEmails(owner)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    const [mail] = await lockEmails(owner);
    const [user] = await db.select().from(users).where(eq(users.email, owner));
    const ownerId = user?.id as string;
    expect(mail?.subject).toBe('Failed sign-in attempts on your Message Station account');
    expect(mail?.body).toContain('with a wrong password');
    expect(mail?.body).toContain('/forgot-password');
    const [queued] = (
      (await db.execute(
        sql`select count(*)::int as n from pgboss.job
            where name = ${SIGN_IN_LOCKED_QUEUE} and data->>'userId' = ${ownerId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(queued?.n).toBe(1);
  });

  it('counts failures for emails with no account the same way, and sends no email', async () => {
    for (let i = 0; i < 4; i++)
      expect((await signIn(await visitor(), 'nobody@demo.test', 'x')).statusCode).toBe(401);
    const response = await signIn(await visitor(), 'Nobody@Demo.test ', 'x');
    expect(response.statusCode).toBe(429);
    expect(await lockEmails('nobody@demo.test')).toHaveLength(0);
  });

  it('makes an address that fails across many accounts wait, while other addresses sign in', async () => {
    const [email] = await staffUsers(1, 'spray');
    const sprayer = await visitor('198.51.100.7');
    for (let i = 0; i < 6; i++) {
      expect((await signIn(sprayer, `guess${i}@demo.test`, 'password1')).statusCode).toBe(401);
    }
    const refused = await signIn(sprayer, email as string, 'staff-pass-1');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect((await signIn(await visitor(), email as string, 'staff-pass-1')).statusCode).toBe(200);
  });
});
