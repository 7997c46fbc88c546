import { and, eq } from 'drizzle-orm';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { consentEvents, outboxMessages, smsContactPreferences, smsContacts } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { classifyInbound } from './keywords.js';

let ipCounter = 0;
const nextIp = () => `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let phoneCounter = 1000;
const nextPhone = () => `+1415555${String(phoneCounter++).padStart(4, '0')}`;

describe('subscriber join and unsubscribe', async () => {
  let clock = new Date('2026-11-22T12:00:00Z');
  const { app, db } = await createTestApp({ now: () => clock });
  const closed = await createStationWithAdmin(db, { slug: 'closedfm', signupEnabled: false });
  const { stations } = await import('../../db/schema/index.js');
  await db.update(stations).set({ signupEnabled: false }).where(eq(stations.id, closed.station.id));

  async function visitor() {
    const client = new TestClient(app, nextIp());
    await client.get('/auth/session');
    return client;
  }

  async function join(choices = [{ message_type: 'emergency', language: 'es' }], phone = nextPhone()) {
    const client = await visitor();
    const response = await client.post('/subscribe/demo/register', {
      phone,
      message_types: choices,
      consent_given: true,
    });
    return { client, phone, response, reply: response.json() };
  }

  it('describes the station for its join page', async () => {
    const response = await app.inject({ url: '/subscribe/demo/info' });
    expect(response.statusCode).toBe(200);
    const info = response.json();
    expect(info.station).toMatchObject({
      name: 'Demo Radio',
      slug: 'demo',
      display_name: 'Demo Radio',
      subscriptions_open: true,
      privacy_url: 'http://localhost:3000/privacy',
    });
    expect(info.station.languages.map((l: { language_code: string }) => l.language_code)).toEqual([
      'en',
      'es',
    ]);
    expect(info.station.consent_text).toContain('Demo Radio');
    expect(info.station.consent_text).toContain('Message and data rates may apply');
    expect(info.message_types.map((t: { message_type: string }) => t.message_type)).toEqual([
      'emergency',
      'alert',
      'station',
      'informational',
    ]);
  });

  it('gives and records the consent text in the language of the page', async () => {
    const spanish = (await app.inject({ url: '/subscribe/demo/info?lang=es' })).json();
    expect(spanish.station.consent_text).toContain('Acepto recibir alertas por SMS de Demo Radio');
    expect((await app.inject({ url: '/subscribe/demo/info?lang=fr' })).statusCode).toBe(400);
    const client = await visitor();
    const phone = nextPhone();
    const reply = (
      await client.post('/subscribe/demo/register', {
        phone,
        message_types: [{ message_type: 'emergency', language: 'es' }],
        consent_given: true,
        consent_language: 'es',
      })
    ).json();
    await client.post('/subscribe/demo/verify', {
      contact_id: reply.contact_id,
      verification_code: reply.test_code,
    });
    const [consent] = await db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
    expect(consent?.detail).toBe(spanish.station.consent_text);
  });

  it('answers 404 for an unknown station everywhere', async () => {
    expect((await app.inject({ url: '/subscribe/nosuch/info' })).json()).toMatchObject({
      error: 'Station not found',
    });
    const client = await visitor();
    const register = await client.post('/subscribe/nosuch/register', {
      phone: nextPhone(),
      message_types: [{ message_type: 'emergency', language: 'en' }],
      consent_given: true,
    });
    expect(register.statusCode).toBe(404);
    expect((await client.post('/subscribe/nosuch/unsubscribe', { phone: nextPhone() })).statusCode).toBe(404);
  });

  it('says so when the station has closed public subscriptions', async () => {
    expect((await app.inject({ url: '/subscribe/closedfm/info' })).json().station.subscriptions_open).toBe(
      false,
    );
    const client = await visitor();
    const response = await client.post('/subscribe/closedfm/register', {
      phone: nextPhone(),
      message_types: [{ message_type: 'emergency', language: 'en' }],
      consent_given: true,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('This station is not accepting new SMS subscriptions right now.');
  });

  it.each([
    [{ phone: '' }, 'Phone number is required.'],
    [{ phone: '555-12' }, 'Please enter a valid US phone number.'],
    [{ message_types: [] }, 'Please select at least one alert type'],
    [{ consent_given: false }, 'Please confirm that you consent to receive SMS messages.'],
    [{ consent_given: undefined }, 'Please confirm that you consent to receive SMS messages.'],
    [
      { message_types: [{ message_type: 'emergency', language: 'fr' }] },
      'The language "fr" is not offered by this station.',
    ],
    [{ message_types: [{ message_type: 'weather', language: 'en' }] }, 'Unknown alert type.'],
  ])('refuses %o with "%s" and stores nothing', async (overrides, error) => {
    const before = (await db.select().from(smsContacts)).length;
    const client = await visitor();
    const response = await client.post('/subscribe/demo/register', {
      phone: nextPhone(),
      message_types: [{ message_type: 'emergency', language: 'en' }],
      consent_given: true,
      ...overrides,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
    expect(await db.select().from(smsContacts)).toHaveLength(before);
  });

  it.each([
    ['+33 7 81 23 45 67', 'Only US phone numbers (+1) can be used.'],
    ['+33781234567', 'Only US phone numbers (+1) can be used.'],
    ['0044 20 7946 0958', 'Only US phone numbers (+1) can be used.'],
    ['011 44 20 7946 0958', 'Only US phone numbers (+1) can be used.'],
    ['3378123456789', 'Please enter a valid US phone number.'],
    ['415555013', 'Please enter a valid US phone number.'],
  ])('refuses %s with "%s": no code texted, no contact', async (phone, error) => {
    const contacts = (await db.select().from(smsContacts)).length;
    const texts = (await db.select().from(outboxMessages)).length;
    const client = await visitor();
    const response = await client.post('/subscribe/demo/register', {
      phone,
      message_types: [{ message_type: 'emergency', language: 'en' }],
      consent_given: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error });
    expect(await db.select().from(smsContacts)).toHaveLength(contacts);
    expect(await db.select().from(outboxMessages)).toHaveLength(texts);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, '+13378123456'))).toHaveLength(
      0,
    );
  });

  it('joins with a texted code: choices, status and the consent record', async () => {
    const { client, phone, response, reply } = await join([
      { message_type: 'emergency', language: 'es' },
      { message_type: 'alert', language: 'en' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(reply).toMatchObject({ requires_verification: true });
    expect(reply.test_code).toMatch(/^\d{6}$/);
    const [pending] = await db.select().from(smsContacts).where(eq(smsContacts.id, reply.contact_id));
    expect(pending).toMatchObject({ status: 'pending', isVerified: false, phone });
    const [sms] = await db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
    expect(sms?.body).toContain(reply.test_code);
    expect(sms?.body).toContain('Demo Radio');

    const verified = await client.post('/subscribe/demo/verify', {
      contact_id: reply.contact_id,
      verification_code: reply.test_code,
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ ok: true, message: "You're subscribed to Demo Radio alerts." });
    const [active] = await db.select().from(smsContacts).where(eq(smsContacts.id, reply.contact_id));
    expect(active).toMatchObject({ status: 'active', isVerified: true, language: 'es', pendingSignup: null });
    const prefs = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, reply.contact_id));
    expect(prefs.map((p) => [p.messageType, p.language]).sort()).toEqual([
      ['alert', 'en'],
      ['emergency', 'es'],
    ]);
    const [consent] = await db
      .select()
      .from(consentEvents)
      .where(eq(consentEvents.contactId, reply.contact_id));
    expect(consent).toMatchObject({ event: 'opt_in', source: 'web_join', phone });
    expect(consent?.detail).toContain('I consent to receive SMS alerts from Demo Radio');
    expect(consent?.ip).toMatch(/^10\.2\./);
  });

  it('updates the choices of a subscribed number only after it verifies again', async () => {
    const first = await join([{ message_type: 'emergency', language: 'en' }]);
    await first.client.post('/subscribe/demo/verify', {
      contact_id: first.reply.contact_id,
      verification_code: first.reply.test_code,
    });
    clock = new Date(clock.getTime() + 60_000);
    const again = await join([{ message_type: 'station', language: 'es' }], first.phone);
    expect(again.reply.contact_id).toBe(first.reply.contact_id);
    const prefsBefore = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, first.reply.contact_id));
    expect(prefsBefore.map((p) => p.messageType)).toEqual(['emergency']);
    const [stillActive] = await db
      .select()
      .from(smsContacts)
      .where(eq(smsContacts.id, first.reply.contact_id));
    expect(stillActive?.status).toBe('active');
    await again.client.post('/subscribe/demo/verify', {
      contact_id: again.reply.contact_id,
      verification_code: again.reply.test_code,
    });
    const prefsAfter = await db
      .select()
      .from(smsContactPreferences)
      .where(eq(smsContactPreferences.contactId, first.reply.contact_id));
    expect(prefsAfter.map((p) => [p.messageType, p.language])).toEqual([['station', 'es']]);
  });

  it('limits wrong codes and resends', async () => {
    const { client, reply } = await join();
    const wrong = reply.test_code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await client.post('/subscribe/demo/verify', { contact_id: reply.contact_id, verification_code: wrong });
    }
    const fifth = await client.post('/subscribe/demo/verify', {
      contact_id: reply.contact_id,
      verification_code: wrong,
    });
    expect(fifth.json().error).toBe('Too many wrong codes. Please request a new one.');
    const early = await client.post('/subscribe/demo/resend', { contact_id: reply.contact_id });
    expect(early.statusCode).toBe(429);
    clock = new Date(clock.getTime() + 31_000);
    const resent = await client.post('/subscribe/demo/resend', { contact_id: reply.contact_id });
    expect(resent.statusCode).toBe(200);
    const ok = await client.post('/subscribe/demo/verify', {
      contact_id: reply.contact_id,
      verification_code: resent.json().test_code,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('unsubscribes with the same answer either way, texting only a real subscriber', async () => {
    const { client, phone, reply } = await join();
    await client.post('/subscribe/demo/verify', {
      contact_id: reply.contact_id,
      verification_code: reply.test_code,
    });
    const out = await client.post('/subscribe/demo/unsubscribe', { phone });
    const unknownPhone = nextPhone();
    const unknown = await client.post('/subscribe/demo/unsubscribe', { phone: unknownPhone });
    expect(out.statusCode).toBe(200);
    expect(unknown.json()).toEqual(out.json());
    const [contact] = await db.select().from(smsContacts).where(eq(smsContacts.id, reply.contact_id));
    expect(contact?.status).toBe('opted_out');
    const texts = await db.select().from(outboxMessages).where(eq(outboxMessages.to, phone));
    // In the language the person chose on the join page (Spanish here).
    expect(texts.some((t) => t.body.startsWith('Demo Radio: Se ha dado de baja'))).toBe(true);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.to, unknownPhone))).toHaveLength(0);
    const history = await db
      .select()
      .from(consentEvents)
      .where(and(eq(consentEvents.phone, phone)))
      .orderBy(consentEvents.createdAt);
    expect(history.map((e) => [e.event, e.source])).toEqual([
      ['opt_in', 'web_join'],
      ['opt_out', 'unsubscribe_page'],
    ]);

    // A number that opted out may come back on the web with fresh consent.
    clock = new Date(clock.getTime() + 60_000);
    const back = await join([{ message_type: 'alert', language: 'en' }], phone);
    await back.client.post('/subscribe/demo/verify', {
      contact_id: back.reply.contact_id,
      verification_code: back.reply.test_code,
    });
    const [rejoined] = await db.select().from(smsContacts).where(eq(smsContacts.id, reply.contact_id));
    expect(rejoined?.status).toBe('active');
  });
});

describe('inbound keywords', async () => {
  const config = {
    sms: {
      provider: 'twilio' as const,
      testMode: false,
      twilio: {
        accountSid: 'AC1',
        authToken: 'secret-token',
        fromNumber: '+15005550006',
        statusCallbackUrl: 'x',
      },
    },
  };
  const sent: { to: string; body: string }[] = [];
  let providerDown = false;
  const { app, db } = await createTestApp({
    config: config as never,
    sms: {
      name: 'twilio',
      async send(message) {
        if (providerDown) throw new Error('provider down');
        sent.push(message);
        return { providerMessageId: `SM${sent.length}` };
      },
    },
  });
  const demoId =
    (await db.select().from((await import('../../db/schema/index.js')).stations)).find(
      (s) => s.slug === 'demo',
    )?.id ?? '';
  const other = await createStationWithAdmin(db, { slug: 'otherfm' });
  let sid = 0;

  function post(params: Record<string, string>, signature?: string) {
    const url = 'http://localhost:3000/webhooks/sms/inbound';
    return app.inject({
      method: 'POST',
      url: '/webhooks/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature !== undefined
          ? { 'x-twilio-signature': signature }
          : { 'x-twilio-signature': twilio.getExpectedTwilioSignature('secret-token', url, params) }),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }
  const text = (from: string, body: string) =>
    post({ MessageSid: `SM${String(++sid).padStart(32, '0')}`, From: from, To: '+15005550006', Body: body });

  it('refuses unsigned and wrongly signed posts', async () => {
    const params = { MessageSid: 'SMx', From: '+14155550000', To: '+15005550006', Body: 'STOP' };
    expect((await post(params, '')).statusCode).toBe(403);
    expect((await post(params, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    const tampered = await app.inject({
      method: 'POST',
      url: '/webhooks/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(
          'secret-token',
          'http://localhost:3000/webhooks/sms/inbound',
          params,
        ),
      },
      payload: new URLSearchParams({ ...params, Body: 'START' }).toString(),
    });
    expect(tampered.statusCode).toBe(403);
  });

  it('opts a number out of every station at once with one confirmation, keeping history', async () => {
    const phone = '+14155550101';
    const a = await createContact(db, demoId, { phone });
    const b = await createContact(db, other.station.id, { phone });
    sent.length = 0;
    const response = await text(phone, '  stop ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/xml');
    const rows = await db.select().from(smsContacts).where(eq(smsContacts.phone, phone));
    expect(rows.map((r) => r.status)).toEqual(['opted_out', 'opted_out']);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain('Demo Radio and OTHERFM Radio: You are unsubscribed');
    const events = await db.select().from(consentEvents).where(eq(consentEvents.phone, phone));
    expect(events.map((e) => [e.contactId, e.event, e.source, e.detail]).sort()).toEqual(
      [
        [a.id, 'opt_out', 'keyword', 'stop'],
        [b.id, 'opt_out', 'keyword', 'stop'],
      ].sort(),
    );

    // START brings back a number that had verified.
    sent.length = 0;
    await text(phone, 'Start');
    const back = await db.select().from(smsContacts).where(eq(smsContacts.phone, phone));
    expect(back.map((r) => r.status)).toEqual(['active', 'active']);
    expect(sent[0]?.body).toContain('subscribed to alerts again');
  });

  it('handles a provider retry of the same message once', async () => {
    const phone = '+14155550102';
    await createContact(db, demoId, { phone });
    const params = {
      MessageSid: 'SMretry000000000000000000000000000',
      From: phone,
      To: '+15005550006',
      Body: 'STOP',
    };
    sent.length = 0;
    await post(params);
    await post(params);
    expect(sent).toHaveLength(1);
  });

  it('does not opt back in a number that never confirmed, but YES confirms a staff-added contact', async () => {
    const webPending = '+14155550103';
    await createContact(db, demoId, { phone: webPending, status: 'opted_out', verified: false });
    await text(webPending, 'START');
    expect((await db.select().from(smsContacts).where(eq(smsContacts.phone, webPending)))[0]?.status).toBe(
      'opted_out',
    );

    const staffAdded = '+14155550104';
    await createContact(db, demoId, {
      phone: staffAdded,
      status: 'pending',
      verified: false,
      source: 'staff',
    });
    await text(staffAdded, 'yes');
    const [confirmed] = await db.select().from(smsContacts).where(eq(smsContacts.phone, staffAdded));
    expect(confirmed).toMatchObject({ status: 'active', isVerified: true });
  });

  it('answers HELP with the station, a support contact, the opt-out words and the rates line', async () => {
    const phone = '+14155550105';
    await createContact(db, demoId, { phone });
    sent.length = 0;
    await text(phone, 'HELP');
    expect(sent[0]?.body).toContain('Demo Radio');
    expect(sent[0]?.body).toContain('http://localhost:3000/contact');
    expect(sent[0]?.body).toContain('Reply STOP to opt out');
    expect(sent[0]?.body).toContain('Msg & data rates may apply');
    expect((await db.select().from(smsContacts).where(eq(smsContacts.phone, phone)))[0]?.status).toBe(
      'active',
    );
  });

  it('opts out even when the confirmation cannot be sent, and answers the provider 200', async () => {
    const phone = '+14155550107';
    await createContact(db, demoId, { phone });
    providerDown = true;
    try {
      const response = await text(phone, 'STOP');
      expect(response.statusCode).toBe(200);
    } finally {
      providerDown = false;
    }
    expect((await db.select().from(smsContacts).where(eq(smsContacts.phone, phone)))[0]?.status).toBe(
      'opted_out',
    );
  });

  it('ignores other texts', async () => {
    const phone = '+14155550106';
    await createContact(db, demoId, { phone });
    sent.length = 0;
    await text(phone, 'Is school closed tomorrow?');
    expect(sent).toHaveLength(0);
    expect((await db.select().from(smsContacts).where(eq(smsContacts.phone, phone)))[0]?.status).toBe(
      'active',
    );
  });
});

describe('keyword matrix', () => {
  it.each([
    ...[
      'STOP',
      'stop',
      ' Stop ',
      'STOPALL',
      'unsubscribe',
      'CANCEL',
      'end',
      'QUIT',
      'revoke',
      'OptOut',
      'STOP.',
    ].map((w) => [w, 'stop'] as const),
    ...['START', 'unstop', 'Yes', ' YES '].map((w) => [w, 'start'] as const),
    ...['HELP', 'info', ' Help '].map((w) => [w, 'help'] as const),
    ['please stop texting me', 'stop'],
    ['Unsubscribe me please', 'stop'],
    ['opt out', 'stop'],
    ['take me off this list', 'stop'],
    ['no more texts', 'stop'],
    ['The storm will end tonight?', null],
    ['Can I cancel my appointment?', null],
    ['yes please tell me more', null],
    ['Hello', null],
    ['STARTED', null],
    ['', null],
  ] as const)('%j is %s', (body, keyword) => {
    expect(classifyInbound(body)).toBe(keyword);
  });
});
