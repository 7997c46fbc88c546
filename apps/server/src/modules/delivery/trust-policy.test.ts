// One trust policy for every send (decision 0050), through the API: staff at the confirmation,
// and a station key sending unattended. An engine's text reaches subscribers unattended only when
// the station trusts the engine; others get the original with the vetted untranslated notice.
import { composeFallbackSms, composeSms, type TSendPreview } from '@message-station/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsDeliveries, smsSends } from '../../db/schema/index.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { apiClient, createStationKey } from '../../test/station-keys.js';

const { app, db } = await createTestApp();

async function station(slug: string) {
  const created = await createStationWithAdmin(db, { slug, languages: ['en', 'es', 'ko'] });
  for (const [phone, language] of [
    ['+14055550151', 'en'],
    ['+14055550152', 'es'],
    ['+14055550153', 'ko'],
  ] as const) {
    await createContact(db, created.station.id, { phone, choices: [{ messageType: 'emergency', language }] });
  }
  const admin = new TestClient(app);
  await admin.login(created.adminEmail);
  const key = await createStationKey(admin, ['sms:send']);
  return { ...created, admin, api: apiClient(app, key.key) };
}

async function textsOf(messageId: string) {
  const rows = await db
    .select({ language: smsDeliveries.language, body: smsDeliveries.body })
    .from(smsDeliveries)
    .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
    .where(eq(smsSends.messageId, messageId));
  return Object.fromEntries(rows.map((row) => [row.language, row.body]));
}

const ORIGINAL = 'Tornado Warning for Coal County, OK until 11:45 PM. Take cover now.';
const SPANISH = 'Aviso de tornado para Coal County, OK hasta las 11:45 PM. Protéjase ahora.';

describe('an emergency with an engine translation nobody vouches for', () => {
  it('waits for review at the confirmation by default, and goes when an admin sends it anyway', async () => {
    const t = await station('ktrust1');
    const message = await createMessage(db, t.station.id, {
      original: ORIGINAL,
      translations: { es: SPANISH },
      provider: 'operator:apertium',
      review: 'machine',
    });
    const preview: TSendPreview = (
      await t.admin.get(`/admin/api/messages/${message.id}/send-sms/preview`)
    ).json();
    expect(preview).toMatchObject({ mode: 'attended', review_required: true, unreviewed_languages: ['es'] });
    const es = preview.languages.find((l) => l.language === 'es');
    expect(es).toMatchObject({ source: 'offline_engine', delivery: 'text' });
    // Korean has no translation: the original with the notice in Korean, whatever the mode.
    const ko = preview.languages.find((l) => l.language === 'ko');
    expect(ko).toMatchObject({ source: null, delivery: 'fallback', review: 'untranslated' });
    expect(ko?.body).toBe(composeFallbackSms('KTRUST1 Radio', ORIGINAL, 'ko', 'en'));
    expect(preview.fallback_languages).toEqual(['ko']);

    const refused = await t.admin.post(`/admin/api/messages/${message.id}/send-sms`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'review_required_emergency',
      params: { language_list: 'es' },
    });
    expect(await textsOf(message.id)).toEqual({});

    const sent = await t.admin.post(`/admin/api/messages/${message.id}/send-sms`, { send_unreviewed: true });
    expect(sent.statusCode, sent.body).toBe(200);
    const texts = await textsOf(message.id);
    expect(texts.es).toBe(composeSms('KTRUST1 Radio', SPANISH, 'es'));
    expect(texts.ko).toBe(composeFallbackSms('KTRUST1 Radio', ORIGINAL, 'ko', 'en'));
    // What the confirmation counted is what was charged.
    const charged = (await db.select().from(smsSends).where(eq(smsSends.messageId, message.id)))[0];
    expect(charged?.credits).toBe(preview.credits);
  });

  it('is never sent by a key (unattended): those subscribers get the original and the notice', async () => {
    const t = await station('ktrust2');
    const message = await createMessage(db, t.station.id, {
      original: ORIGINAL,
      translations: { es: SPANISH },
      provider: 'operator:apertium',
      review: 'machine',
    });
    const preview: TSendPreview = (await t.api.get(`/api/v1/messages/${message.id}/send-sms/preview`)).json();
    expect(preview).toMatchObject({
      mode: 'unattended',
      unreviewed_languages: [],
      fallback_languages: ['es', 'ko'],
    });
    const sent = await t.api.post(
      `/api/v1/messages/${message.id}/send-sms`,
      {},
      { 'idempotency-key': 'trust-2' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().credits).toBe(preview.credits);
    const texts = await textsOf(message.id);
    expect(texts.en).toBe(composeSms('KTRUST2 Radio', ORIGINAL, 'en'));
    expect(texts.es).toBe(composeFallbackSms('KTRUST2 Radio', ORIGINAL, 'es', 'en'));
    expect(texts.es).not.toContain('Protéjase');
    // The Spanish fallback of an English GSM-7 original stays GSM-7: its segments are the English ones'.
    expect(preview.languages.find((l) => l.language === 'es')).toMatchObject({
      encoding: 'GSM-7',
      segments: preview.languages.find((l) => l.language === 'en')?.segments,
    });
  });

  it("goes unattended once it comes from the station's own engine an admin marked trusted", async () => {
    const t = await station('ktrust3');
    const refused = await t.admin.request({
      method: 'PUT',
      url: '/admin/api/settings/translation',
      body: {
        engines: [{ engine: 'apertium', trusted: true }],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('translation_engine_offline_untrusted');
    expect((await t.admin.get('/admin/api/settings/translation')).json().engines).toEqual([]);

    const saved = await t.admin.request({
      method: 'PUT',
      url: '/admin/api/settings/translation',
      body: {
        engines: [{ engine: 'deepl', api_key: 'deepl-test-key:fx', trusted: true }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().engines).toMatchObject([{ engine: 'deepl', trusted: true }]);

    const trusted = await createMessage(db, t.station.id, {
      original: ORIGINAL,
      translations: { es: SPANISH, ko: '토네이도 경보: Coal County, OK. 지금 대피하십시오.' },
      provider: 'station:deepl',
      review: 'machine',
    });
    const sent = await t.api.post(
      `/api/v1/messages/${trusted.id}/send-sms`,
      {},
      { 'idempotency-key': 'trust-3' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const texts = await textsOf(trusted.id);
    expect(texts.es).toBe(composeSms('KTRUST3 Radio', SPANISH, 'es'));
    expect(texts.ko).toContain('토네이도 경보');
    // The message shows where each text came from.
    const shown = (await t.admin.get(`/admin/api/messages`)).json();
    expect(shown[0].translations.map((tr: { source: string }) => tr.source)).toEqual([
      'trusted_engine',
      'trusted_engine',
    ]);
  });

  it('is not affected by another station trusting the same engine', async () => {
    const other = await station('ktrust4');
    const t = await station('ktrust5');
    await other.admin.request({
      method: 'PUT',
      url: '/admin/api/settings/translation',
      body: {
        engines: [{ engine: 'deepl', api_key: 'deepl-test-key:fx', trusted: true }],
      },
    });
    const message = await createMessage(db, t.station.id, {
      original: ORIGINAL,
      translations: { es: SPANISH },
      provider: 'station:deepl',
      review: 'machine',
    });
    const preview: TSendPreview = (await t.api.get(`/api/v1/messages/${message.id}/send-sms/preview`)).json();
    expect(preview.languages.find((l) => l.language === 'es')).toMatchObject({
      source: 'engine',
      delivery: 'fallback',
    });
    // And another station's message answers 404 to this station's key.
    const foreign = await createMessage(db, other.station.id, { original: ORIGINAL });
    expect((await t.api.get(`/api/v1/messages/${foreign.id}/send-sms/preview`)).statusCode).toBe(404);
  });
});

describe('an emergency template', () => {
  it('writes every language from the phrasebook with the fields as typed, and a key sends it as written', async () => {
    const t = await station('ktrust6');
    const created = await t.admin.post('/admin/api/messages/phrasebook', {
      phrase_id: 'tornado_warning',
      fields: { county: 'Coal County', state: 'OK', time: '11:45 PM' },
      original_language: 'en',
      target_languages: ['es', 'ko'],
      message_type: 'emergency',
    });
    expect(created.statusCode, created.body).toBe(201);
    const message = created.json();
    for (const translation of message.translations) {
      expect(translation).toMatchObject({ translation_status: 'completed', source: 'phrasebook' });
      expect(translation.translated_text).toContain('Coal County');
      expect(translation.translated_text).toContain('OK');
      expect(translation.translated_text).toContain('11:45 PM');
    }
    // Vetted: no review asked at the confirmation, delivered unattended as written.
    const preview: TSendPreview = (
      await t.admin.get(`/admin/api/messages/${message.id}/send-sms/preview`)
    ).json();
    expect(preview.unreviewed_languages).toEqual([]);
    const sent = await t.api.post(
      `/api/v1/messages/${message.id}/send-sms`,
      {},
      { 'idempotency-key': 'trust-6' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const texts = await textsOf(message.id);
    const spanish = message.translations.find((tr: { language_code: string }) => tr.language_code === 'es');
    expect(texts.es).toBe(composeSms('KTRUST6 Radio', spanish.translated_text, 'es'));

    // Bad input: a clear error and nothing written.
    const before = (await t.admin.get('/admin/api/messages')).json().length;
    const missing = await t.admin.post('/admin/api/messages/phrasebook', {
      phrase_id: 'tornado_warning',
      fields: { county: 'Coal County' },
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('phrase_fields_missing');
    const unknown = await t.admin.post('/admin/api/messages/phrasebook', {
      phrase_id: 'no_such_alert',
      fields: {},
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(unknown.json().code).toBe('phrase_not_found');
    // A field no emergency template has: its own code (decision 0071; zod's invalid_field before).
    const stray = await t.admin.post('/admin/api/messages/phrasebook', {
      phrase_id: 'tornado_warning',
      fields: { county: 'Coal County', planet: 'Mars' },
      target_languages: ['es'],
      message_type: 'emergency',
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json()).toMatchObject({ code: 'phrase_field_unknown', error: 'Unknown template field.' });
    expect((await t.admin.get('/admin/api/messages')).json()).toHaveLength(before);
  });
});
