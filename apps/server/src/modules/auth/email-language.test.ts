// Emails in the recipient's language: a user's language is the interface language they
// signed in with or last switched to (users.language); the reset an admin sends from Users and
// the lock email after failed sign-ins are written in it, whatever language the admin reads.
import { ADMIN_RESET_CAPTCHA_TOKEN, RESET_EMAIL, SIGN_IN_LOCKED_EMAIL } from '@message-station/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig, type TConfig } from '../../config.js';
import { outboxMessages, users } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { invitationTokenFor } from '../../test/invitations.js';
import { sendEmailClashNotice } from '../registration/email-clash.js';
import { createUserWithHash } from '../users/service.js';

const base = loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true' }).rateLimits;
const rateLimits: TConfig['rateLimits'] = {
  ...base,
  signIn: {
    accountFailures: 3,
    addressFailures: 50,
    newDeviceFailures: 3,
    delayMs: 60_000,
    maxDelayMs: 240_000,
  },
};
const { app, db } = await createTestApp({ config: { rateLimits }, workers: true });
const admin = new TestClient(app);
await admin.login('admin@demo.test');

let nextAddress = 1;
async function visitor() {
  const client = new TestClient(app, `10.7.0.${nextAddress++}`);
  await client.get('/auth/session');
  return client;
}

/** A standard user of the demo station with the password 'staff-pass-1'. */
async function staffUser(email: string) {
  const [demoAdmin] = await db.select().from(users).where(eq(users.email, 'admin@demo.test'));
  await createUserWithHash(db, {
    stationId: demoAdmin?.stationId as string,
    email,
    passwordHash: await hashPassword('staff-pass-1'),
    fullName: 'Lucía Gómez',
    role: 'user',
  });
  return email;
}

const put = (client: TestClient, body: unknown) =>
  client.request({ method: 'PUT', url: '/admin/api/account/language', body });

const languageOf = async (email: string) =>
  (await db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

const emailsTo = (to: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.to, to)));

const adminReset = (email: string) =>
  admin.post('/auth/password-reset/request', {
    email,
    turnstileToken: ADMIN_RESET_CAPTCHA_TOKEN,
    language: 'en',
  });

describe('a user’s language', () => {
  it('is the language they sign in with, and the one they switch to', async () => {
    const email = await staffUser('lucia@demo.test');
    expect(await languageOf(email)).toBe('en');
    const client = await visitor();
    const signedIn = await client.post('/auth/login', { email, password: 'staff-pass-1', language: 'es' });
    expect(signedIn.statusCode).toBe(200);
    expect(await languageOf(email)).toBe('es');

    const switched = await put(client, { language: 'en' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ language: 'en' });
    expect(await languageOf(email)).toBe('en');
    expect((await put(client, { language: 'es' })).statusCode).toBe(200);
    expect(await languageOf(email)).toBe('es');
  });

  it('is the language a colleague accepts their invitation in', async () => {
    const invited = await admin.post('/admin/api/users', {
      full_name: 'Marta Ruiz',
      email: 'marta@demo.test',
      phone_number: '+14155550177',
      language: 'es',
    });
    expect(invited.statusCode).toBe(201);
    const token = await invitationTokenFor(db, 'marta@demo.test');
    const accepted = await (await visitor()).post('/auth/invitations/accept', {
      token,
      password: 'long enough',
      full_name: 'Marta Ruiz',
      language: 'es',
    });
    expect(accepted.statusCode).toBe(200);
    expect(await languageOf('marta@demo.test')).toBe('es');
  });

  it('is not changed by a wrong password, a language the interface does not have, or a visitor', async () => {
    const email = await staffUser('kept@demo.test');
    const wrong = await (await visitor()).post('/auth/login', { email, password: 'nope', language: 'es' });
    expect(wrong.statusCode).toBe(401);
    expect(await languageOf(email)).toBe('en');

    const client = await visitor();
    await client.post('/auth/login', { email, password: 'staff-pass-1' });
    const refused = await put(client, { language: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'unknown_language', error: 'Unknown language.' });
    expect(await languageOf(email)).toBe('en');

    const anonymous = await visitor();
    expect((await put(anonymous, { language: 'es' })).statusCode).toBe(401);
  });
});

describe('emails in the recipient’s language', () => {
  it('sends the reset an admin asks for in the user’s language, not the admin’s', async () => {
    const spanish = await staffUser('reset-es@demo.test');
    await (await visitor()).post('/auth/login', { email: spanish, password: 'staff-pass-1', language: 'es' });
    const english = await staffUser('reset-en@demo.test');

    expect((await adminReset(spanish)).statusCode).toBe(200);
    expect((await adminReset(english)).statusCode).toBe(200);

    const [toSpanish] = await emailsTo(spanish);
    expect(toSpanish?.subject).toBe(RESET_EMAIL.es.subject);
    expect(toSpanish?.subject).toBe('Restablezca su contraseña de Message Station');
    expect(toSpanish?.body).toContain('Hola, Lucía Gómez:');
    expect(toSpanish?.body).toContain(RESET_EMAIL.es.byAdmin);
    expect(toSpanish?.body).toContain('/reset-password?token=');
    const [toEnglish] = await emailsTo(english);
    expect(toEnglish?.subject).toBe('Reset your Message Station password');
    expect(toEnglish?.body).toContain(RESET_EMAIL.en.byAdmin);
  });

  it('answers Forgot password in the page’s language, else in the account’s', async () => {
    const email = await staffUser('forgot-es@demo.test');
    await (await visitor()).post('/auth/login', { email, password: 'staff-pass-1', language: 'es' });
    const noLanguage = await (await visitor()).post('/auth/password-reset/request', {
      email,
      turnstileToken: await solveBotCheck(app),
    });
    expect(noLanguage.statusCode).toBe(200);
    expect((await emailsTo(email)).map((mail) => mail.subject)).toEqual([RESET_EMAIL.es.subject]);
  });

  it('tells an account’s owner of a signup with their address in their language', async () => {
    const sent: { subject: string; text: string }[] = [];
    const email = { send: async (mail: { subject: string; text: string }) => void sent.push(mail) };
    const owner = { email: 'o@demo.test', fullName: 'Lucía Gómez', stationId: 's1' };
    await sendEmailClashNotice(email as never, { ...owner, language: 'es' }, 'Radio Nueva');
    await sendEmailClashNotice(email as never, { ...owner, language: 'en' }, 'Radio Nueva');
    expect(sent.map((mail) => mail.subject)).toEqual([
      'Alguien intentó crear una estación de Message Station con su correo electrónico',
      'Someone tried to create a Message Station station with your email',
    ]);
    expect(sent[0]?.text).toContain('Alguien intentó crear una estación nueva ("Radio Nueva")');
  });

  it('writes the lock email after failed sign-ins in the owner’s language', async () => {
    const email = await staffUser('locked-es@demo.test');
    const client = await visitor();
    await client.post('/auth/login', { email, password: 'staff-pass-1', language: 'es' });
    for (let i = 0; i < 3; i++) {
      expect((await (await visitor()).post('/auth/login', { email, password: 'wrong' })).statusCode).toBe(
        401,
      );
    }
    expect((await (await visitor()).post('/auth/login', { email, password: 'wrong' })).statusCode).toBe(429);

    await vi.waitFor(async () => expect(await emailsTo(email)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    const [mail] = await emailsTo(email);
    expect(mail?.subject).toBe('Intentos fallidos de inicio de sesión en su cuenta de Message Station');
    expect(mail?.body).toContain(SIGN_IN_LOCKED_EMAIL.es.what(email));
    expect(mail?.body).toContain('/forgot-password');
    expect(mail?.body).not.toContain('wrong password');
  });
});
