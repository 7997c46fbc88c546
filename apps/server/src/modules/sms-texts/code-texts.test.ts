// Staff's verification codes come from the SMS catalogue in their language: the signup code in the
// wizard's language, the password-reset code in the language the user last chose.
import { smsText } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { outboxMessages, users } from '../../db/schema/index.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';

const lastTextTo = async (db: Awaited<ReturnType<typeof createTestApp>>['db'], to: string) =>
  (await db.select().from(outboxMessages).where(eq(outboxMessages.to, to))).at(-1)?.body ?? '';

describe('staff verification codes in their language', async () => {
  const base = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true', ALTCHA_MAX_NUMBER: '2000' });
  const { app, db } = await createTestApp({ config: { botCheck: base.botCheck } });

  it.each([
    ['es', '+14155557001', 'su clave de registro es'],
    ['en', '+14155557002', 'your verification code is'],
  ] as const)('texts the signup code in the wizard language %s', async (language, phone, words) => {
    const client = new TestClient(app, `10.8.0.${language === 'es' ? 1 : 2}`);
    await client.get('/auth/session');
    const started = await client.post('/api/register/start', {
      turnstileToken: await solveBotCheck(app),
      email: `owner-${language}@radio.test`,
      password: 'correct horse',
      phone_number: phone,
      admin_full_name: 'María López',
      billing_email: `billing-${language}@radio.test`,
      station_name: `codes${language}`,
      display_name: `Codes ${language} Radio`,
      supported_languages: ['en', 'es'],
      privacy_policy_url: 'https://radio.test/privacy',
      terms_url: 'https://radio.test/terms',
      language,
      message_types: [],
    });
    expect(started.statusCode).toBe(200);
    const code = started.json().test_code;
    const body = await lastTextTo(db, phone);
    expect(body).toBe(smsText('code_signup', language, { code, minutes: 10, host: 'localhost' }));
    expect(body).toContain(`${words} ${code}`);
  });

  it('texts the password-reset code in the language the user chose', async () => {
    await db.update(users).set({ language: 'es' }).where(eq(users.email, 'user@demo.test'));
    const [user] = await db.select().from(users).where(eq(users.email, 'user@demo.test'));
    const visitor = new TestClient(app, '10.8.0.9');
    await visitor.get('/auth/session');
    await visitor.post('/auth/password-reset/request', {
      email: 'user@demo.test',
      turnstileToken: await solveBotCheck(app),
    });
    const email = await lastTextTo(db, 'user@demo.test');
    const token = /reset-password\?token=([\w-]+)/.exec(email)?.[1] as string;
    const verified = await visitor.post('/auth/password-reset/verify', { token });
    expect(verified.statusCode).toBe(200);
    const body = await lastTextTo(db, user?.phoneNumber ?? '');
    expect(body).toContain('Message Station: su clave para restablecer la contraseña es');
    expect(body).toContain(verified.json().test_code);
  });
});
