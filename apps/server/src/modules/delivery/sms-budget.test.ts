// Twilio's 1,600 characters (decision 0052), through the real path: the API refuses a text whose
// SMS would pass it and says the real room; a message saved before is flagged in the preview and
// refused at send, nothing charged; a message that fills the room to one character short of the
// limit, in English (GSM-7) and Spanish (UCS-2, accents), goes through the Twilio client to the
// loopback fake within the limit, and the credits charged are what the preview said.
import { smsSegments, smsTextBudget } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { creditLedger, smsDeliveries } from '../../db/schema/index.js';
import { createTwilioSmsProvider } from '../../providers/sms/twilio.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { addSubscribers } from '../../test/crowd.js';
import { billingOf, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { createMessage } from '../../test/messages-factory.js';
import { DEFAULT_DISPATCH } from './dispatcher.js';
import { resolveLane } from './lanes.js';
import { createDispatchService } from './worker.js';

const LIMIT = 1600;
const CREDITS = 10_000;

describe("SMS bodies within Twilio's 1,600 characters", async () => {
  const fake = await startFakeTwilio();
  afterAll(() => fake.close());
  // Twilio's contract: a Body over 1,600 characters is refused with 21617, for every recipient.
  fake.replyPer((form) =>
    [...(form.Body ?? '')].length > LIMIT || (form.Body ?? '').length > LIMIT
      ? {
          kind: 'error',
          status: 400,
          code: 21617,
          message: 'The concatenated message body exceeds the 1600 character limit.',
        }
      : null,
  );
  const sms = createTwilioSmsProvider({
    accountSid: 'AC00000000000000000000000000000052',
    authToken: 'budget',
    fromNumber: '+15005550006',
    statusCallbackUrl: 'http://127.0.0.1/webhooks/sms/status',
    apiBaseUrl: fake.url,
  });
  const { app, db } = await createTestApp({ sms, dispatchInBackground: false });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'kbudget',
    languages: ['en', 'es'],
  });
  await setBilling(db, station.id, { smsCreditsBalance: CREDITS });
  await addSubscribers(db, station.id, { count: 3, language: 'en' });
  await addSubscribers(db, station.id, { count: 2, language: 'es', first: 100 });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const name = station.displayName;
  const english = smsTextBudget({ stationName: name, language: 'en' }, 'GSM-7').max;
  const spanish = smsTextBudget({ stationName: name, language: 'es' }, 'UCS-2').max;

  it('refuses a 1,599-character text at creation and at a correction, saying the real room', async () => {
    const create = await admin.post('/admin/api/messages', {
      title: 'Too long',
      original: 'a'.repeat(1599),
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({
      code: 'message_sms_too_long',
      params: { language_name: 'English', length: 1599, max: english },
    });
    expect(english).toBe(LIMIT - `${name}: `.length - 1 - 'Reply STOP to opt out'.length);

    const ok = await admin.post('/admin/api/messages', {
      title: 'Fits',
      original: 'Short.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(ok.statusCode).toBe(201);
    const correction = await admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${ok.json().id}/translations/es`,
      body: { translated_text: 'é'.repeat(1599) },
    });
    expect(correction.statusCode).toBe(400);
    expect(correction.json()).toMatchObject({
      code: 'message_sms_too_long',
      params: { language_name: 'Spanish', length: 1599, max: spanish },
    });
  });

  it('flags a message saved before in the preview and refuses to send it: nothing charged or sent', async () => {
    const old = await createMessage(db, station.id, {
      original: 'a'.repeat(1599),
      translations: { es: 'Alerta de tormenta. '.repeat(30) },
    });
    const preview = await admin.get(`/admin/api/messages/${old.id}/send-sms/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().too_long_languages).toEqual(['en']);
    expect(preview.json().languages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ language: 'en', length: 1599 + LIMIT - english, too_long: true }),
        expect.objectContaining({ language: 'es', too_long: false }),
      ]),
    );
    const send = await admin.post(`/admin/api/messages/${old.id}/send-sms`);
    expect(send.statusCode).toBe(409);
    expect(send.json()).toMatchObject({
      code: 'sms_too_long',
      params: { language_list: 'en' },
      error:
        'The SMS in English would be longer than the 1,600 characters a text message can carry. Shorten the text or its translation before sending.',
    });
    const row = await billingOf(db, station.id);
    expect(row?.smsCreditsBalance).toBe(CREDITS);
    expect(fake.requests).toHaveLength(0);
  });

  it('sends 1,599-character bodies in English (GSM-7) and Spanish (UCS-2) and charges what the preview said', {
    timeout: 60_000,
  }, async () => {
    // One character short of the room: bodies of 1,599 characters.
    const original = `Storm warning. ${'Stay indoors and away from windows. '.repeat(60)}`.slice(
      0,
      english - 1,
    );
    const translated =
      `Aviso de tormenta. ${'Permanezca adentro; la tormenta está cerca. '.repeat(60)}`.slice(0, spanish - 1);
    const created = await admin.post('/admin/api/messages', {
      title: 'Storm',
      original,
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const corrected = await admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${id}/translations/es`,
      body: { translated_text: translated },
    });
    expect(corrected.statusCode).toBe(200);

    const preview = (await admin.get(`/admin/api/messages/${id}/send-sms/preview`)).json();
    expect(preview.too_long_languages).toEqual([]);
    const byLanguage = Object.fromEntries(
      (preview.languages as { language: string }[]).map((l) => [l.language, l]),
    );
    // 1,599 septets: 11 segments of 153; 1,599 UTF-16 units: 24 segments of 67.
    expect(byLanguage.en).toMatchObject({
      encoding: 'GSM-7',
      length: 1599,
      segments: 11,
      recipients: 3,
      credits: 33,
    });
    expect(byLanguage.es).toMatchObject({
      encoding: 'UCS-2',
      length: 1599,
      segments: 24,
      recipients: 2,
      credits: 48,
    });
    expect(preview.credits).toBe(81);

    const sent = await admin.post(`/admin/api/messages/${id}/send-sms`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      sent_count: 5,
      credits: preview.credits,
      balance: CREDITS - preview.credits,
    });

    const service = createDispatchService({
      db,
      sms,
      now: () => new Date(),
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 },
      resolve: (lane) => resolveLane(db, lane, 0),
    });
    service.kick();
    await vi.waitFor(
      async () => {
        const open = (
          await db.select().from(smsDeliveries).where(eq(smsDeliveries.stationId, station.id))
        ).filter((d) => d.status !== 'sent');
        expect(open).toEqual([]);
      },
      { timeout: 40_000, interval: 100 },
    );
    await service.idle();

    // What Twilio got: five bodies, none over the limit, none refused.
    expect(fake.messages).toHaveLength(5);
    for (const message of fake.messages) {
      expect(message.body.length).toBeLessThanOrEqual(LIMIT);
      expect([...message.body].length).toBe(1599);
    }
    expect(fake.messages.filter((m) => m.body.includes('Responda STOP'))).toHaveLength(2);
    // Charged: the ledger's debit, and the segments of what Twilio actually sent, are the preview's.
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.stationId, station.id));
    const debits = ledger.filter((line) => line.credits < 0).reduce((sum, line) => sum - line.credits, 0);
    expect(debits).toBe(preview.credits);
    const segments = fake.messages.reduce((sum, m) => sum + smsSegments(m.body).segments, 0);
    expect(segments).toBe(preview.credits);
    const row = await billingOf(db, station.id);
    expect(row?.smsCreditsBalance).toBe(CREDITS - preview.credits);
  });
});
