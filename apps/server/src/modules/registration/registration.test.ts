import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  messageTypes,
  outboxMessages,
  registrationDrafts,
  stationBilling,
  stationLanguages,
  stations,
  users,
  verificationCodes,
} from '../../db/schema/index.js';
import { SmsSendError } from '../../providers/sms/index.js';
import { solveBotCheck } from '../../test/altcha.js';
import { createTestApp, TestClient } from '../../test/app.js';

const MINUTE = 60_000;
let ipCounter = 0;
const nextIp = () => `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let phoneCounter = 100;
const nextPhone = () => `(415) 555-${String(phoneCounter++).padStart(4, '0')}`;

function signupBody(overrides: Record<string, unknown> = {}) {
  const n = ipCounter + phoneCounter;
  return {
    email: `owner${n}@kxyz.test`,
    password: 'correct horse',
    phone_number: nextPhone(),
    admin_full_name: 'Maria Lopez',
    billing_email: `billing${n}@kxyz.test`,
    station_name: `KXYZ ${n} FM`,
    display_name: `KXYZ Community Radio ${n}`,
    brand_color: '#AA3300',
    supported_languages: ['en', 'es', 'ko'],
    privacy_policy_url: 'https://kxyz.test/privacy',
    terms_url: 'https://kxyz.test/terms',
    message_types: [
      { message_type: 'emergency', description: 'Evacuations and shelter-in-place orders', is_active: true },
      { message_type: 'informational', description: '', is_active: false },
    ],
    ...overrides,
  };
}

describe('registration', async () => {
  let clock = new Date('2026-11-22T12:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  const { app, db } = await createTestApp({ now: () => clock });

  async function start(overrides: Record<string, unknown> = {}) {
    const client = new TestClient(app, nextIp());
    await client.get('/auth/session');
    const body = signupBody(overrides);
    const response = await client.post('/api/register/start', {
      ...body,
      turnstileToken: await solveBotCheck(app),
    });
    return { client, body, response, reply: response.json() };
  }

  it('gives the new admin the wizard’s language, so emails to them are in it', async () => {
    const { client, body, reply } = await start({ language: 'es' });
    const verified = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: reply.test_code,
    });
    expect(verified.statusCode).toBe(200);
    const [admin] = await db.select().from(users).where(eq(users.email, body.email));
    expect(admin?.language).toBe('es');
  });

  it('gives the station the time zone chosen in the wizard, Eastern without one', async () => {
    const { client, body, reply } = await start({ time_zone: 'America/Los_Angeles' });
    const verified = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: reply.test_code,
    });
    expect(verified.statusCode).toBe(200);
    const [station] = await db.select().from(stations).where(eq(stations.name, body.station_name));
    expect(station?.timeZone).toBe('America/Los_Angeles');
    // The admin sees it in Settings, and schedules use it.
    expect((await client.get('/admin/api/station/settings')).json().time_zone).toBe('America/Los_Angeles');

    const plain = await start();
    const [draft] = await db
      .select()
      .from(registrationDrafts)
      .where(eq(registrationDrafts.id, plain.reply.registration_id));
    expect(draft?.timeZone).toBe('America/New_York');
  });

  it('refuses a time zone outside the list, and keeps no draft', async () => {
    for (const zone of ['Europe/Paris', 'America/Los Angeles', '']) {
      const { response, body } = await start({ time_zone: zone });
      expect(response.statusCode, zone).toBe(400);
      // Its own code since forms check with the schema (decision 0071), formerly invalid_value.
      expect(response.json(), zone).toEqual({
        error: 'Choose a time zone from the list.',
        code: 'time_zone_unknown',
        params: {},
      });
      const drafts = await db
        .select()
        .from(registrationDrafts)
        .where(eq(registrationDrafts.email, body.email));
      expect(drafts, zone).toHaveLength(0);
    }
  });

  it('creates the station and its admin after the texted code, and signs the admin in', async () => {
    const { client, body, response, reply } = await start();
    expect(response.statusCode).toBe(200);
    expect(reply).toMatchObject({ phone_last4: body.phone_number.slice(-4) });
    expect(reply.test_code).toMatch(/^\d{6}$/);
    expect(new Date(reply.code_expires_at).getTime()).toBe(clock.getTime() + 10 * MINUTE);
    expect(new Date(reply.expires_at).getTime()).toBe(clock.getTime() + 24 * 60 * MINUTE);
    expect(new Date(reply.resend_available_at).getTime()).toBe(clock.getTime() + 30_000);

    // The SMS went to the admin's phone (E.164) through the outbox, carrying the code.
    const e164 = `+1${body.phone_number.replace(/\D/g, '')}`;
    const [sms] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, e164));
    expect(sms?.body).toContain(`your verification code is ${reply.test_code}`);
    expect(sms?.body).toContain(`#${reply.test_code}`);

    // The draft keeps only a hash of the password and of the code.
    const [draft] = await db
      .select()
      .from(registrationDrafts)
      .where(eq(registrationDrafts.id, reply.registration_id));
    expect(draft?.passwordHash).toMatch(/^\$argon2id\$/);
    const codes = await db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.subjectId, reply.registration_id));
    expect(codes.map((c) => c.codeHash)).not.toContain(reply.test_code);

    const verified = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: reply.test_code,
    });
    expect(verified.statusCode).toBe(200);
    const slug = body.station_name.toLowerCase().replace(/[^a-z0-9]/g, '');
    expect(verified.json()).toMatchObject({
      email: body.email,
      fullName: 'Maria Lopez',
      role: 'admin',
      stationSlug: slug,
      stationName: body.display_name,
    });
    expect(verified.cookies.map((c) => c.name).sort()).toEqual(['csrf_token', 'session']);
    expect((await client.get('/auth/session')).json().stationSlug).toBe(slug);

    const [station] = await db.select().from(stations).where(eq(stations.slug, slug));
    expect(station).toMatchObject({
      name: body.station_name,
      displayName: body.display_name,
      brandColor: '#aa3300',
      primaryLanguage: 'en',
      privacyPolicyUrl: 'https://kxyz.test/privacy',
      termsUrl: 'https://kxyz.test/terms',
      smsEnabled: false,
    });
    const stationId = station?.id ?? '';
    const [billing] = await db.select().from(stationBilling).where(eq(stationBilling.stationId, stationId));
    expect(billing).toMatchObject({
      billingEmail: body.billing_email,
      paymentStatus: 'trial',
      smsCreditsBalance: 50,
    });
    expect(billing?.paymentExpiresAt?.getTime()).toBe(clock.getTime() + 14 * 24 * 60 * MINUTE);
    const languages = await db
      .select()
      .from(stationLanguages)
      .where(eq(stationLanguages.stationId, stationId));
    expect(languages.map((l) => l.languageCode).sort()).toEqual(['en', 'es', 'ko']);
    const types = await db.select().from(messageTypes).where(eq(messageTypes.stationId, stationId));
    const byKey = Object.fromEntries(types.map((t) => [t.messageType, t]));
    expect(byKey.emergency).toMatchObject({
      description: 'Evacuations and shelter-in-place orders',
      isActive: true,
    });
    expect(byKey.informational).toMatchObject({
      description: 'News, announcements and non-urgent information',
      isActive: false,
    });
    expect(byKey.alert?.isActive).toBe(true);
    const [admin] = await db.select().from(users).where(eq(users.email, body.email));
    expect(admin).toMatchObject({
      role: 'admin',
      stationId,
      phoneNumber: `+1${body.phone_number.replace(/\D/g, '')}`,
    });

    // The new admin can sign out and back in with the chosen password.
    await client.post('/auth/logout');
    const again = await new TestClient(app, nextIp()).login(body.email, 'correct horse');
    expect(again.json().stationSlug).toBe(slug);

    // The draft is used up and keeps no copy of the password hash.
    const [done] = await db
      .select()
      .from(registrationDrafts)
      .where(eq(registrationDrafts.id, reply.registration_id));
    expect(done).toMatchObject({ passwordHash: '', stationId });
    const replay = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: reply.test_code,
    });
    expect(replay.statusCode).toBe(409);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Please enter a valid email address.', 'email_invalid'],
    [{ email: '' }, 'Email address is required.', 'field_required'],
    [{ billing_email: 'billing@' }, 'Please enter a valid billing email.', 'email_invalid'],
    [{ password: 'short' }, 'Password must be at least 8 characters long.', 'password_too_short'],
    [{ phone_number: '555-0100' }, 'Please enter a valid US phone number.', 'phone_invalid'],
    [{ phone_number: '+44 20 7946 0958' }, 'Only US phone numbers (+1) can be used.', 'phone_not_us'],
    [{ phone_number: '+33 7 81 23 45 67' }, 'Only US phone numbers (+1) can be used.', 'phone_not_us'],
    [{ admin_full_name: '   ' }, 'Full name is required.', 'field_required'],
    [{ station_name: '' }, 'Station name is required.', 'field_required'],
    [{ station_name: '!!!' }, 'Station name must contain letters or digits.', 'station_name_letters'],
    [{ display_name: '' }, 'Display name is required.', 'field_required'],
    [{ brand_color: 'blue' }, 'Brand color must be a hex color such as #007bff.', 'brand_color_invalid'],
    [{ supported_languages: [] }, 'Choose at least one supported language.', 'supported_language_required'],
    [
      { supported_languages: ['en', 'ru'] },
      'Supported languages must be among: en, es, fr, de, it, pt, zh, ja, ko.',
      'supported_languages_unknown',
    ],
    [
      { privacy_policy_url: 'javascript:alert(1)' },
      'Privacy policy URL must be a valid http(s) URL.',
      'url_invalid',
    ],
    [{ terms_url: '' }, 'Terms URL is required.', 'field_required'],
    [
      { message_types: [{ message_type: 'sports', description: '', is_active: true }] },
      'Unknown message type.',
      'unknown_message_type',
    ],
  ])('refuses %o with "%s" (code %s) and writes nothing', async (overrides, error, code) => {
    const before = await db.select().from(registrationDrafts);
    const { response, reply } = await start(overrides);
    expect(response.statusCode).toBe(400);
    expect(reply).toMatchObject({ error, code });
    expect(await db.select().from(registrationDrafts)).toHaveLength(before.length);
  });

  it('refuses a station ID that is taken', async () => {
    const { response, reply } = await start({ station_name: 'DEMO' });
    expect(response.statusCode).toBe(409);
    expect(reply).toEqual({
      error: 'Station ID "demo" is already taken. Please choose a different station name.',
      code: 'station_id_taken',
      params: { station_id: 'demo' },
    });
  });

  describe('the Station ID check of step 2', () => {
    const check = (id: string, client = new TestClient(app, nextIp())) =>
      client.get(`/api/register/station-id?id=${encodeURIComponent(id)}`);

    it('says a free ID is free, without a session', async () => {
      const response = await check('nanduradio');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({ station_id: 'nanduradio', available: true, suggestion: null });
    });

    it('says a taken ID is taken and offers the first free one close to it', async () => {
      expect((await check('demo')).json()).toEqual({
        station_id: 'demo',
        available: false,
        suggestion: 'demo2',
      });
      const { client, reply } = await start({ station_name: 'Demo 2' });
      const verified = await client.post('/api/register/verify', {
        registration_id: reply.registration_id,
        verification_code: reply.test_code,
      });
      expect(verified.statusCode).toBe(200);
      expect((await check('demo')).json()).toMatchObject({ available: false, suggestion: 'demo3' });
    });

    it('derives the ID from a name as the start call does: "Ñandú Radio" is nanduradio', async () => {
      expect((await check('Ñandú Radio')).json()).toMatchObject({
        station_id: 'nanduradio',
        available: true,
      });
      const { response } = await start({ station_name: 'DÉMO' });
      expect(response.json()).toMatchObject({ code: 'station_id_taken', params: { station_id: 'demo' } });
    });

    it('refuses an ID without letters or digits', async () => {
      const response = await check('!!!');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'station_name_letters' });
    });

    it('answers 60 checks from one address in 15 minutes, then asks it to wait', async () => {
      const client = new TestClient(app, nextIp());
      for (let n = 0; n < 60; n++) expect((await check(`kxyz${n}`, client)).statusCode).toBe(200);
      const refused = await check('kxyz60', client);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited', params: { rate_limit: 'route' } });
      expect((await check('kxyz60')).statusCode).toBe(200);
    });
  });

  it('answers a taken email exactly as a new one; after the code it stops and writes to the owner', async () => {
    const fresh = await start();
    const taken = await start({ email: 'Admin@Demo.test' });
    // Same status, same fields, same kinds of values: nothing tells the address is in use.
    expect(taken.response.statusCode).toBe(fresh.response.statusCode);
    expect(Object.keys(taken.reply).sort()).toEqual(Object.keys(fresh.reply).sort());
    expect(taken.reply.phone_last4).toBe(taken.body.phone_number.slice(-4));
    expect(taken.reply.test_code).toMatch(/^\d{6}$/);
    const notices = () => db.select().from(outboxMessages).where(eq(outboxMessages.to, 'admin@demo.test'));
    expect(await notices()).toEqual([]);

    const verify = await taken.client.post('/api/register/verify', {
      registration_id: taken.reply.registration_id,
      verification_code: taken.reply.test_code,
    });
    expect(verify.statusCode).toBe(409);
    expect(verify.json()).toEqual({
      error: 'An account with this email already exists. Please sign in or use a different email.',
      code: 'registration_email_taken',
      params: {},
    });
    expect((await taken.client.get('/auth/session')).statusCode).toBe(401);
    expect(await db.select().from(stations).where(eq(stations.name, taken.body.station_name))).toEqual([]);
    const [notice] = await notices();
    expect(notice).toMatchObject({
      channel: 'email',
      subject: 'Someone tried to create a Message Station station with your email',
    });
    expect(notice?.body).toContain(`Someone tried to create a new station ("${taken.body.station_name}")`);
    // The code is used up: trying again neither signs in nor writes again.
    const again = await taken.client.post('/api/register/verify', {
      registration_id: taken.reply.registration_id,
      verification_code: taken.reply.test_code,
    });
    expect(again.statusCode).toBe(400);
    expect(await notices()).toHaveLength(1);
  });

  it('voids the code after 5 wrong tries', async () => {
    const { client, reply } = await start();
    const wrong = reply.test_code === '000000' ? '111111' : '000000';
    const verify = (code: string) =>
      client.post('/api/register/verify', {
        registration_id: reply.registration_id,
        verification_code: code,
      });
    for (const left of [4, 3, 2, 1]) {
      const response = await verify(wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(
        `Invalid verification code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
      );
    }
    expect((await verify(wrong)).json().error).toBe('Too many wrong codes. Please request a new one.');
    const right = await verify(reply.test_code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe('Too many wrong codes. Please request a new one.');

    // A new code works again.
    advance(31_000);
    const resent = await client.post('/api/register/resend', { registration_id: reply.registration_id });
    expect(resent.statusCode).toBe(200);
    expect((await verify(resent.json().test_code)).statusCode).toBe(200);
  });

  it('refuses an expired code and lets a resend replace it', async () => {
    const { client, reply } = await start();
    advance(10 * MINUTE + 1000);
    const late = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: reply.test_code,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toBe('Verification code expired. Please request a new one.');
  });

  it('enforces the resend cooldown, and a resent code replaces the old one', async () => {
    const { client, reply } = await start();
    const early = await client.post('/api/register/resend', { registration_id: reply.registration_id });
    expect(early.statusCode).toBe(429);
    expect(early.json().error).toBe('Please wait 30 seconds before requesting a new code.');
    advance(20_000);
    expect(
      (await client.post('/api/register/resend', { registration_id: reply.registration_id })).json().error,
    ).toBe('Please wait 10 seconds before requesting a new code.');
    advance(10_000);
    const resent = await client.post('/api/register/resend', { registration_id: reply.registration_id });
    expect(resent.statusCode).toBe(200);
    const fresh = resent.json().test_code as string;
    if (fresh !== reply.test_code) {
      const old = await client.post('/api/register/verify', {
        registration_id: reply.registration_id,
        verification_code: reply.test_code,
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await client.post('/api/register/verify', {
      registration_id: reply.registration_id,
      verification_code: fresh,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('expires the whole registration after 24 hours', async () => {
    const { client, reply } = await start();
    advance(24 * 60 * MINUTE + 1000);
    for (const url of ['/api/register/verify', '/api/register/resend']) {
      const response = await client.post(url, {
        registration_id: reply.registration_id,
        verification_code: reply.test_code,
      });
      expect(response.statusCode).toBe(410);
      expect(response.json().error).toBe('Registration expired. Please start over.');
    }
    // The next signup clears expired drafts away.
    await start();
    expect(
      await db.select().from(registrationDrafts).where(eq(registrationDrafts.id, reply.registration_id)),
    ).toHaveLength(0);
  });

  it('answers an unknown registration with 404', async () => {
    const client = new TestClient(app, nextIp());
    await client.get('/auth/session');
    const response = await client.post('/api/register/verify', {
      registration_id: '6f1c1d5e-1b7e-4c55-9a53-0d6f6e9b1f00',
      verification_code: '123456',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Registration not found. Please start over.');
  });

  it('makes one station from two verifies of the same draft at once', async () => {
    const { client, body, reply } = await start();
    const verify = () =>
      client.post('/api/register/verify', {
        registration_id: reply.registration_id,
        verification_code: reply.test_code,
      });
    const results = await Promise.all([verify(), verify()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const slug = body.station_name.toLowerCase().replace(/[^a-z0-9]/g, '');
    expect(await db.select().from(stations).where(eq(stations.slug, slug))).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });

  it('limits codes per phone number', async () => {
    const phone = '(415) 555-9999';
    for (let i = 0; i < 5; i++) {
      expect((await start({ phone_number: phone })).response.statusCode).toBe(200);
      advance(31_000); // one code per number per cooldown (decision 0019)
    }
    const sixth = await start({ phone_number: phone });
    expect(sixth.response.statusCode).toBe(429);
    expect(sixth.reply.error).toBe('Too many codes were sent to this number. Please try again in an hour.');
    advance(61 * MINUTE);
    expect((await start({ phone_number: phone })).response.statusCode).toBe(200);
  });

  it('answers the terms as text to the wizard and the page to a browser', async () => {
    const text = await app.inject({ url: '/terms', headers: { accept: '*/*' } });
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('California');
    const page = await app.inject({ url: '/terms', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.headers['content-type']).not.toMatch(/^text\/plain/);
  });
});

describe('registration when the text cannot be sent', async () => {
  let failure: SmsSendError | null = null;
  const { app, db } = await createTestApp({
    sms: {
      name: 'twilio',
      async send() {
        if (failure) throw failure;
        return { providerMessageId: 'SM1' };
      },
    },
    config: {
      sms: { provider: 'twilio', testMode: false },
    } as never,
  });

  it('does not reveal the code outside test mode', async () => {
    const client = new TestClient(app, '10.9.0.1');
    await client.get('/auth/session');
    const response = await client.post('/api/register/start', {
      ...signupBody(),
      turnstileToken: await solveBotCheck(app),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().test_code).toBeUndefined();
  });

  it('explains a refused number and keeps no draft', async () => {
    failure = new SmsSendError('permanent', 'Twilio 21211: invalid To', 21211);
    const client = new TestClient(app, '10.9.0.2');
    await client.get('/auth/session');
    const body = signupBody();
    const response = await client.post('/api/register/start', {
      ...body,
      turnstileToken: await solveBotCheck(app),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(
      'We could not send a text message to this number. Please check it and try again.',
    );
    expect(
      await db.select().from(registrationDrafts).where(eq(registrationDrafts.email, body.email)),
    ).toHaveLength(0);
  });

  it('asks to try again later when the provider is down', async () => {
    failure = new SmsSendError('transient', 'Twilio 20503: unavailable', 20503);
    const client = new TestClient(app, '10.9.0.3');
    await client.get('/auth/session');
    const body = signupBody();
    const response = await client.post('/api/register/start', {
      ...body,
      turnstileToken: await solveBotCheck(app),
    });
    expect(response.statusCode).toBe(503);
    const drafts = await db
      .select()
      .from(registrationDrafts)
      .where(and(eq(registrationDrafts.email, body.email)));
    expect(drafts).toHaveLength(0);
  });

  it('has no dev outbox', async () => {
    expect((await app.inject({ url: '/dev/api/outbox' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } })).statusCode).toBe(404);
  });
});
