import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { outboxMessages, passwordResetTokens } from '../../db/schema/index.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { RESET_REQUESTED } from './password-reset.js';

describe('forgotten password, end to end', async () => {
  let clock = new Date(Date.now() + 60_000);
  const base = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true', ALTCHA_MAX_NUMBER: '2000' });
  const { app, db } = await createTestApp({ now: () => clock, config: { botCheck: base.botCheck } });
  const visitor = new TestClient(app, '10.2.0.1');
  await visitor.get('/auth/session');

  async function request(email: string) {
    return visitor.post('/auth/password-reset/request', { email, turnstileToken: await solveBotCheck(app) });
  }
  async function linkFor(email: string) {
    const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.to, email));
    const body = rows.at(-1)?.body ?? '';
    return /reset-password\?token=([\w-]+)/.exec(body)?.[1] as string;
  }

  it('answers a known and an unknown email alike; only the known one gets an email', async () => {
    const known = await request('user@demo.test');
    const unknown = await request('nobody@demo.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_REQUESTED });
    expect(unknown.json()).toEqual(known.json());
    expect(await linkFor('user@demo.test')).toBeTruthy();
    expect(
      await db.select().from(outboxMessages).where(eq(outboxMessages.to, 'nobody@demo.test')),
    ).toHaveLength(0);
    const noCheck = await visitor.post('/auth/password-reset/request', { email: 'user@demo.test' });
    expect(noCheck.json().error).toBe('Please complete the CAPTCHA verification');
  });

  it('verifies the link, texts a code, and with it sets a new password; other sessions end', async () => {
    const signedIn = new TestClient(app, '10.2.0.2');
    await signedIn.login('user@demo.test');
    const token = await linkFor('user@demo.test');

    const verified = await visitor.post('/auth/password-reset/verify', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({
      phone_last4: '0101',
      test_code: expect.stringMatching(/^\d{6}$/),
    });
    const code = verified.json().test_code as string;

    const wrongCode = await visitor.post('/auth/password-reset/complete', {
      token,
      verificationCode: code === '000000' ? '111111' : '000000',
      newPassword: 'brand-new-pass',
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().error).toMatch(/^Invalid verification code\. \d attempts? left\.$/);
    const short = await visitor.post('/auth/password-reset/complete', {
      token,
      verificationCode: code,
      newPassword: 'short',
    });
    expect(short.json().error).toContain('Password must be at least 8 characters');

    const done = await visitor.post('/auth/password-reset/complete', {
      token,
      verificationCode: code,
      newPassword: 'brand-new-pass',
    });
    expect(done.statusCode).toBe(200);
    expect((await signedIn.get('/auth/session')).statusCode).toBe(401);
    const again = new TestClient(app, '10.2.0.3');
    await again.get('/auth/session');
    expect(
      (await again.post('/auth/login', { email: 'user@demo.test', password: 'demo1234' })).statusCode,
    ).toBe(401);
    expect(
      (await again.post('/auth/login', { email: 'user@demo.test', password: 'brand-new-pass' })).statusCode,
    ).toBe(200);

    const reused = await visitor.post('/auth/password-reset/verify', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('Invalid or expired token');
  });

  it('writes the email in the language the person uses', async () => {
    await visitor.post('/auth/password-reset/request', {
      email: 'admin@demo.test',
      turnstileToken: await solveBotCheck(app),
      language: 'es',
    });
    const emails = await db.select().from(outboxMessages).where(eq(outboxMessages.to, 'admin@demo.test'));
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe('Restablezca su contraseña de Message Station');
    expect(emails[0]?.body).toContain('El enlace sirve una sola vez');
  });

  it('refuses a link after its hour, and a made-up one', async () => {
    await request('user@demo.test');
    const token = await linkFor('user@demo.test');
    const [row] = await db.select().from(passwordResetTokens).orderBy(passwordResetTokens.createdAt);
    expect(row).toBeTruthy();
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect((await visitor.post('/auth/password-reset/verify', { token })).json().error).toBe(
      'Invalid or expired token',
    );
    expect((await visitor.post('/auth/password-reset/verify', { token: 'made-up' })).statusCode).toBe(400);
  });
});
