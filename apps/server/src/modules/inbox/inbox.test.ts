// The two-way inbox through the API (decision 0040): signed Twilio webhooks in, the station's
// engines (a prefix fake) translating in the background, replies out through a loopback Twilio.
import { INBOX_EVENTS, smsSegments, smsText } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { stationSending, stations } from '../../db/schema/index.js';
import { createTwilioSmsProvider } from '../../providers/sms/twilio.js';
import { termPattern } from '../../providers/translation/glossary.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { TestClient } from '../../test/app.js';
import { EventStreamReader } from '../../test/event-stream.js';
import { billingOf, createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { createInboundSmsApp } from '../../test/inbound-sms.js';
import { readUntil } from '../../test/poll.js';
import { prefixEngine } from '../../test/prefix-engine.js';

const SPANISH = '+12025550101';
const ENGLISH = '+12025550102';
const OPTED_OUT = '+12025550103';
const STRANGER = '+12025550104';
const OWN_SENDER = '+12025550199';

describe('two-way inbox', async () => {
  const twilio = await startFakeTwilio();
  afterAll(() => twilio.close());
  const sms = createTwilioSmsProvider({
    accountSid: 'AC00000000000000000000000000000021',
    authToken: 'inbox',
    fromNumber: '+15005550006',
    statusCallbackUrl: 'http://127.0.0.1/webhooks/sms/status',
    apiBaseUrl: twilio.url,
  });
  const { app, db, text } = await createInboundSmsApp({ sms, workers: true, translation: prefixEngine });
  const kinb = await createStationWithAdmin(db, { slug: 'kinb', languages: ['en', 'es'] });
  const other = await createStationWithAdmin(db, { slug: 'kother', languages: ['en', 'es'] });
  const spanish = await createContact(db, kinb.station.id, {
    phone: SPANISH,
    name: 'Lucía',
    choices: [{ messageType: 'emergency', language: 'es' }],
  });
  await createContact(db, kinb.station.id, { phone: ENGLISH });
  await createContact(db, kinb.station.id, { phone: OPTED_OUT, status: 'opted_out' });
  const admin = new TestClient(app, '10.0.21.1');
  await admin.login(kinb.adminEmail);
  const otherAdmin = new TestClient(app, '10.0.21.2');
  await otherAdmin.login(other.adminEmail);

  const balanceOf = async (stationId: string) => (await billingOf(db, stationId))?.smsCreditsBalance;
  const inbox = async (client = admin) => (await client.get('/admin/api/inbox')).json();
  const conversationOf = async (phone: string, client = admin) =>
    (await inbox(client)).conversations.find((c: { phone: string }) => c.phone === phone);
  const sentTo = (phone: string) => twilio.messages.filter((m) => m.to === phone).map((m) => m.body);

  it('still answers keywords and keeps them out of the inbox', async () => {
    expect(await text(SPANISH, 'AYUDA')).toBeNull(); // the recorder is not used: the reply went to Twilio
    await readUntil(
      async () => sentTo(SPANISH),
      (bodies) => bodies.length === 1,
    );
    expect(sentTo(SPANISH)[0]).toContain('Responda ALTO o STOP');
    expect((await inbox()).conversations).toEqual([]);
  });

  it('stores a text as written, translates it in the background and counts it unread, live', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const stream = await EventStreamReader.open(baseUrl, '/admin/api/inbox/stream', admin);
    const strangerStream = await EventStreamReader.open(baseUrl, '/admin/api/inbox/stream', otherAdmin);

    await text(SPANISH, '¿A qué hora abre el refugio?');
    const event = await stream.next((e) => e.event === INBOX_EVENTS.changed);
    expect(event.data).toMatchObject({ unread_total: 1 });

    const listed = await conversationOf(SPANISH);
    expect(listed).toMatchObject({
      contact_id: spanish.id,
      contact_name: 'Lucía',
      language: 'es',
      unread_count: 1,
    });
    expect((await admin.get('/admin/api/inbox/unread')).json()).toEqual({ unread_total: 1 });
    const thread = await readUntil(
      async () => (await admin.get(`/admin/api/inbox/${listed.id}`)).json(),
      (t) => t.messages[0]?.translation_status === 'completed',
    );
    expect(thread.station_language).toBe('en');
    expect(thread.messages).toEqual([
      expect.objectContaining({
        direction: 'in',
        body: '¿A qué hora abre el refugio?',
        language: 'es',
        translated_text: '[en] ¿A qué hora abre el refugio?',
        translation_language: 'en',
      }),
    ]);
    // The list's line follows the translation; no auto-reply (the station has it off).
    expect((await conversationOf(SPANISH)).last_preview).toBe('[en] ¿A qué hora abre el refugio?');
    expect(sentTo(SPANISH)).toHaveLength(1);

    expect((await admin.post(`/admin/api/inbox/${listed.id}/read`)).json()).toEqual({ unread_total: 0 });
    expect((await conversationOf(SPANISH)).unread_count).toBe(0);
    await stream.next(
      (e) => e.event === INBOX_EVENTS.changed && (e.data as { unread_total: number }).unread_total === 0,
    );
    expect(strangerStream.events.filter((e) => e.event === INBOX_EVENTS.changed)).toEqual([]);
    stream.close();
    strangerStream.close();
  });

  it('does not translate a text already in the station language', async () => {
    await text(ENGLISH, 'Is the road open?');
    const { id } = await conversationOf(ENGLISH);
    const thread = (await admin.get(`/admin/api/inbox/${id}`)).json();
    expect(thread.messages[0]).toMatchObject({ translation_status: 'not_needed', translated_text: null });
  });

  it("previews a reply in the subscriber's language with its cost, and charges exactly that", async () => {
    const { id } = await conversationOf(SPANISH);
    const words =
      'Opens at 9 tonight. Bring water and your medicines, and ask for the volunteers at the door.';
    const reply = `${words} ${words}`; // two GSM-7 segments once translated
    const preview = (
      await admin.post(`/admin/api/inbox/${id}/reply/preview`, { text: reply, language: 'en' })
    ).json();
    expect(preview).toMatchObject({
      staff_language: 'en',
      language: 'es',
      body: `[es] ${reply}`,
      segments: 2,
      credits: 2,
    });
    const before = await balanceOf(kinb.station.id);
    expect(preview.balance).toBe(before);

    const sent = await admin.post(`/admin/api/inbox/${id}/reply`, {
      text: reply,
      language: 'en',
      body: preview.body,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ credits: 2, balance: (before ?? 0) - 2 });
    expect(await balanceOf(kinb.station.id)).toBe((before ?? 0) - preview.credits);
    expect(sentTo(SPANISH).at(-1)).toBe(`[es] ${reply}`);
    const thread = (await admin.get(`/admin/api/inbox/${id}`)).json();
    expect(thread.messages.at(-1)).toMatchObject({
      direction: 'out',
      staff_text: reply,
      staff_language: 'en',
      body: `[es] ${reply}`,
      language: 'es',
      sms_status: 'sent',
      credits: 2,
      sent_by_name: 'kinb Admin',
    });
  });

  it('writes in the staff member’s own language when the request names none', async () => {
    const { id } = await conversationOf(SPANISH);
    const preview = (await admin.post(`/admin/api/inbox/${id}/reply/preview`, { text: 'Gracias' })).json();
    expect(preview).toMatchObject({ staff_language: 'en', body: '[es] Gracias' });
  });

  it('keeps an opted-out number’s text but refuses to answer it, charging nothing', async () => {
    await text(OPTED_OUT, 'Are the shelters open tonight?');
    const { id, contact_status } = await conversationOf(OPTED_OUT);
    expect(contact_status).toBe('opted_out');
    const before = await balanceOf(kinb.station.id);
    for (const path of ['reply/preview', 'reply']) {
      const refused = await admin.post(`/admin/api/inbox/${id}/${path}`, { text: 'Hi', body: 'Hi' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('inbox_contact_opted_out');
    }
    expect(await balanceOf(kinb.station.id)).toBe(before);
    expect(sentTo(OPTED_OUT)).toEqual([]);
  });

  it('refuses a reply when SMS is off or credits are short, with clear codes', async () => {
    const { id } = await conversationOf(ENGLISH);
    await setBilling(db, kinb.station.id, { smsCreditsBalance: 0 });
    const short = await admin.post(`/admin/api/inbox/${id}/reply`, { text: 'Yes', body: 'Yes' });
    expect(short.statusCode).toBe(402);
    expect(short.json()).toMatchObject({ code: 'not_enough_credits', params: { needed: 1, available: 0 } });
    await db.update(stations).set({ smsEnabled: false }).where(eq(stations.id, kinb.station.id));
    await setBilling(db, kinb.station.id, { smsCreditsBalance: 50 });
    const off = await admin.post(`/admin/api/inbox/${id}/reply/preview`, { text: 'Yes' });
    expect(off.statusCode).toBe(400);
    expect(off.json().code).toBe('sms_disabled');
    await db.update(stations).set({ smsEnabled: true }).where(eq(stations.id, kinb.station.id));
    expect(await balanceOf(kinb.station.id)).toBe(50);
    expect(sentTo(ENGLISH)).toEqual([]);
  });

  it("answers another station's conversation with 404 on every route", async () => {
    const { id } = await conversationOf(SPANISH);
    const calls = [
      otherAdmin.get(`/admin/api/inbox/${id}`),
      otherAdmin.post(`/admin/api/inbox/${id}/read`),
      otherAdmin.post(`/admin/api/inbox/${id}/reply/preview`, { text: 'Hi' }),
      otherAdmin.post(`/admin/api/inbox/${id}/reply`, { text: 'Hi', body: 'Hi' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('inbox_conversation_not_found');
    }
    expect((await inbox(otherAdmin)).conversations).toEqual([]);
  });

  it("auto-replies once per 12 hours in the contact's language, charged like any text", async () => {
    expect(
      (
        await admin.request({ method: 'PUT', url: '/admin/api/inbox/settings', body: { auto_reply: true } })
      ).json(),
    ).toEqual({
      auto_reply: true,
    });
    const before = (await balanceOf(kinb.station.id)) ?? 0;
    const repliesBefore = sentTo(SPANISH).length;
    await text(SPANISH, 'Gracias, ¿y mañana?');
    const expected = smsText('auto_reply', 'es', { station: 'KINB Radio' });
    await readUntil(
      async () => sentTo(SPANISH),
      (bodies) => bodies.length === repliesBefore + 1,
    );
    expect(sentTo(SPANISH).at(-1)).toBe(expected);
    await text(SPANISH, '¿Hola?');
    const { id } = await conversationOf(SPANISH);
    const thread = (await admin.get(`/admin/api/inbox/${id}`)).json();
    expect(thread.messages.filter((m: { direction: string }) => m.direction === 'auto')).toEqual([
      expect.objectContaining({ body: expected, language: 'es', credits: smsSegments(expected).segments }),
    ]);
    expect(sentTo(SPANISH)).toHaveLength(repliesBefore + 1);
    expect(await balanceOf(kinb.station.id)).toBe(before - smsSegments(expected).segments);
  });

  it('routes a text to the station whose own number received it, and drops unknown numbers', async () => {
    await db
      .update(stationSending)
      .set({ smsSender: OWN_SENDER })
      .where(eq(stationSending.stationId, other.station.id));
    await text(STRANGER, 'Hello?', OWN_SENDER);
    expect(await conversationOf(STRANGER, otherAdmin)).toMatchObject({
      contact_id: null,
      language: 'en',
      unread_count: 1,
    });
    await text('+12025550105', 'Who is this?');
    const everywhere = [...(await inbox()).conversations, ...(await inbox(otherAdmin)).conversations];
    expect(everywhere.map((c: { phone: string }) => c.phone)).not.toContain('+12025550105');
  });
});

describe("the station's glossary in the inbox, both ways", async () => {
  // An engine that shows the glossary it was handed: each term written as its target.
  const glossaryEcho: TTranslationProvider = {
    name: 'glossary-echo',
    supports: () => true,
    translate: async ({ text, to, glossary = [] }) =>
      `[${to}] ${glossary.reduce((out, entry) => out.replace(termPattern(entry.term), entry.target), text)}`,
  };
  const { app, db, text } = await createInboundSmsApp({ workers: true, translation: glossaryEcho });
  const kgl = await createStationWithAdmin(db, { slug: 'kgloss', languages: ['en', 'es'] });
  await createContact(db, kgl.station.id, {
    phone: '+12025550131',
    choices: [{ messageType: 'emergency', language: 'es' }],
  });
  const admin = new TestClient(app, '10.0.21.9');
  await admin.login(kgl.adminEmail);
  const saved = await admin.request({
    method: 'PUT',
    url: '/admin/api/settings/glossary',
    body: {
      terms: [
        { term: 'Oak Avenue', translations: { es: 'Avenida Oak' } },
        { term: 'Lincoln High School', translations: {} },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);

  it("reads a subscriber's text with the station's own names, and answers with the subscriber's", async () => {
    await text('+12025550131', '¿Está cerrada la Avenida Oak cerca de Lincoln High School?');
    const conversation = (await admin.get('/admin/api/inbox')).json().conversations[0];
    const thread = await readUntil(
      async () => (await admin.get(`/admin/api/inbox/${conversation.id}`)).json(),
      (t) => t.messages[0]?.translation_status === 'completed',
    );
    expect(thread.messages[0].translated_text).toBe(
      '[en] ¿Está cerrada la Oak Avenue cerca de Lincoln High School?',
    );
    const preview = (
      await admin.post(`/admin/api/inbox/${conversation.id}/reply/preview`, {
        text: 'Oak Avenue is open; Lincoln High School is a shelter.',
        language: 'en',
      })
    ).json();
    expect(preview.body).toBe('[es] Avenida Oak is open; Lincoln High School is a shelter.');
  });
});
