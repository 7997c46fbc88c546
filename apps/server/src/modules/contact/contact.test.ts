import { CONTACT_SENT } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { contactRequests, outboxMessages } from '../../db/schema/index.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';

const form = {
  name: 'Dana Reyes',
  email: 'Dana@Example.org',
  category: 'station',
  subject: 'Adding a second station',
  message: 'We run two stations; can one account manage both?',
};

describe('contact form', async () => {
  const base = loadConfig({
    NODE_ENV: 'test',
    DEV_TOOLS: 'true',
    SUPPORT_EMAIL: 'help@messagestation.test',
    ALTCHA_MAX_NUMBER: '2000',
  });
  const { app, db } = await createTestApp({
    config: { botCheck: base.botCheck, supportEmail: base.supportEmail },
  });
  const visitor = new TestClient(app, '10.1.0.1');
  await visitor.get('/auth/session');

  it('names the bot check in use: ALTCHA, served by us', async () => {
    expect((await app.inject({ url: '/api/bot-check' })).json()).toEqual({
      provider: 'altcha',
      challenge_url: '/api/altcha/challenge',
      site_key: null,
    });
    const challenge = (await app.inject({ url: '/api/altcha/challenge' })).json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a missing, wrong or replayed bot check', async () => {
    const missing = await visitor.post('/api/contact', form);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Please complete the CAPTCHA verification');
    const wrong = await visitor.post('/api/contact', {
      ...form,
      turnstileToken: Buffer.from('{"number":1}').toString('base64'),
    });
    expect(wrong.json().error).toBe('Please complete the CAPTCHA verification');

    const token = await solveBotCheck(app);
    const sent = await visitor.post('/api/contact', { ...form, turnstileToken: token });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: CONTACT_SENT });
    const replay = await visitor.post('/api/contact', { ...form, turnstileToken: token });
    expect(replay.statusCode).toBe(400);
    expect(await db.select().from(contactRequests)).toHaveLength(1);
  });

  it('stores the request and emails it to support with the sender as Reply-To', async () => {
    const [request] = await db.select().from(contactRequests);
    expect(request).toMatchObject({ name: 'Dana Reyes', email: 'dana@example.org', category: 'station' });
    expect(request?.emailedAt).not.toBeNull();
    const [email] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, 'help@messagestation.test'));
    expect(email?.subject).toBe('[Contact: Station Support] Adding a second station');
    expect(email?.body).toContain('We run two stations');
  });

  it.each([
    [{ subject: '  ' }, 'Subject is required.'],
    [{ message: '' }, 'Message is required.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ category: 'sales' }, 'Please choose a category.'],
  ])('refuses %j with its text', async (change, text) => {
    // Each case from its own address: the form is limited to 5 requests per address.
    const client = new TestClient(app, `10.1.1.${Object.keys(change)[0]?.length}`);
    await client.get('/auth/session');
    const response = await client.post('/api/contact', { ...form, ...change, turnstileToken: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain(text);
  });

  it('takes name and email from the account when signed in, with no bot check', async () => {
    const admin = new TestClient(app, '10.1.0.2');
    await admin.login('admin@demo.test');
    const response = await admin.post('/api/contact', {
      category: 'billing',
      subject: 'Invoice',
      message: 'Please resend.',
    });
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(contactRequests).where(eq(contactRequests.subject, 'Invoice'));
    expect(row).toMatchObject({ name: 'Alex Admin', email: 'admin@demo.test' });
    expect(row?.userId).not.toBeNull();
  });

  it('limits requests per address', async () => {
    const busy = new TestClient(app, '10.1.0.3');
    await busy.get('/auth/session');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await busy.post('/api/contact', form)).statusCode);
    expect(codes.at(-1)).toBe(429);
  });
});
