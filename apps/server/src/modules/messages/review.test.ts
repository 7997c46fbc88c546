// Review states and kept corrections: staff review machine translations or correct
// them; a correction of an older original is kept beside the new translation until staff choose,
// and no SMS goes out with it before; a station can require review before SMS for chosen types.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { smsDeliveries } from '../../db/schema/index.js';
import { TranslationError, type TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { billingOf, createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { readUntil } from '../../test/poll.js';

/** Translates by tagging; a gate holds Korean back when a test needs a translation pending. */
function taggingEngine() {
  let holdKorean = false;
  const engine: TTranslationProvider & { holdKorean(on: boolean): void } = {
    name: 'fake',
    holdKorean(on) {
      holdKorean = on;
    },
    supports: () => true,
    async translate({ text, from, to, notes }) {
      if (to === 'ko' && holdKorean) throw new Error('held back by the test');
      // As Apertium does: a word it does not know is named.
      if (text.includes('Frobnitz')) notes?.unknownWords.push('Frobnitz');
      if (from === 'ko' && text.includes('refuse')) {
        throw new TranslationError('permanent', 'DeepL refused the key (403)', 'deepl', 403);
      }
      return `[${to}] ${text}`;
    },
  };
  return engine;
}

type TTranslationJson = {
  language_code: string;
  translated_text: string | null;
  translation_status: string;
  review_status: string;
  reviewed_at: string | null;
  previous_correction: string | null;
  edited: boolean;
  warnings: { code: string; detail: string | null }[];
};
type TMessageJson = { id: string; translations: TTranslationJson[] };

describe('translation review and kept corrections', async () => {
  const engine = taggingEngine();
  const { app, db } = await createTestApp({ translation: engine, workers: true });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'kreview',
    languages: ['en', 'es', 'ko'],
  });
  await setBilling(db, station.id, { smsCreditsBalance: 1000 });
  for (const [phone, language] of [
    ['+12125550111', 'es'],
    ['+12125550112', 'ko'],
    ['+12125550113', 'en'],
  ] as const) {
    await createContact(db, station.id, {
      phone,
      choices: ['emergency', 'alert', 'informational'].map((messageType) => ({
        messageType: messageType as 'emergency',
        language,
      })),
    });
  }
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const stranger = new TestClient(app);
  await stranger.login('admin@demo.test');

  const write = (overrides: Record<string, unknown> = {}) => ({
    title: 'Road closure',
    original: 'Oak Avenue is closed.',
    original_language: 'en',
    target_languages: ['es', 'ko'],
    message_type: 'alert',
    ...overrides,
  });
  const read = async (id: string): Promise<TMessageJson> =>
    (await admin.get('/admin/api/messages')).json().find((m: TMessageJson) => m.id === id);
  const translation = (message: TMessageJson, language: string) =>
    message.translations.find((t) => t.language_code === language) as TTranslationJson;
  const settled = (id: string) =>
    readUntil(
      () => read(id),
      (m) => m.translations.every((t) => t.translation_status !== 'pending'),
    );
  const create = async (overrides: Record<string, unknown> = {}) => {
    const created = await admin.post('/admin/api/messages', write(overrides));
    expect(created.statusCode).toBe(201);
    return settled(created.json().id);
  };
  const edit = (id: string, overrides: Record<string, unknown>) =>
    admin.request({ method: 'PUT', url: `/admin/api/messages/${id}`, body: write(overrides) });
  const correct = (id: string, language: string, text: string) =>
    admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${id}/translations/${language}`,
      body: { translated_text: text },
    });
  const review = (client: TestClient, id: string, language: string) =>
    client.post(`/admin/api/messages/${id}/translations/${language}/review`);
  const choose = (client: TestClient, id: string, language: string, keep: unknown) =>
    client.post(`/admin/api/messages/${id}/translations/${language}/choose`, { keep });
  const send = (id: string, body: Record<string, unknown> = {}) =>
    admin.post(`/admin/api/messages/${id}/send-sms`, body);
  const preview = async (id: string) =>
    (await admin.get(`/admin/api/messages/${id}/send-sms/preview`)).json();
  const balance = async () => (await billingOf(db, station.id))?.smsCreditsBalance;
  const bodiesSent = async (sendId: string) =>
    Object.fromEntries(
      (
        await db
          .select()
          .from(smsDeliveries)
          .where(and(eq(smsDeliveries.stationId, station.id), eq(smsDeliveries.sendId, sendId)))
      ).map((d) => [d.language, d.body]),
    );
  const setReviewRequired = async (types: string[]) => {
    const settings = (await admin.get('/admin/api/station/settings')).json();
    const saved = await admin.request({
      method: 'PUT',
      url: '/admin/api/station/settings',
      body: {
        display_name: settings.display_name,
        brand_color: settings.brand_color,
        primary_language: settings.primary_language,
        privacy_policy_url: settings.privacy_policy_url,
        terms_url: settings.terms_url,
        supported_languages: settings.supported_languages,
        sms_enabled: settings.sms_enabled,
        signup_enabled: settings.signup_enabled,
        review_required_types: types,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().review_required_types).toEqual(types);
  };

  it('keeps a correction through an unrelated edit, and beside the new translation after the original changes', async () => {
    const message = await create();
    expect(translation(message, 'es')).toMatchObject({ review_status: 'machine', previous_correction: null });
    expect((await correct(message.id, 'es', 'La avenida Oak está cerrada.')).statusCode).toBe(200);

    // A new title, the same original: the correction stays as it is.
    expect((await edit(message.id, { title: 'Road closure (update)' })).statusCode).toBe(200);
    let current = await settled(message.id);
    expect(translation(current, 'es')).toMatchObject({
      translated_text: 'La avenida Oak está cerrada.',
      review_status: 'corrected',
      edited: true,
      previous_correction: null,
    });

    // A new original: the new machine translation, and the correction kept beside it, flagged.
    expect((await edit(message.id, { original: 'Oak Avenue is closed until Friday.' })).statusCode).toBe(200);
    current = await settled(message.id);
    expect(translation(current, 'es')).toMatchObject({
      translated_text: '[es] Oak Avenue is closed until Friday.',
      review_status: 'machine',
      previous_correction: 'La avenida Oak está cerrada.',
    });

    // The send confirmation names it, and the send is refused with nothing spent.
    expect(await preview(message.id)).toMatchObject({ stale_corrections: ['es'] });
    const before = await balance();
    const refused = await send(message.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'correction_choice_needed',
      error:
        'The original changed after staff corrected the translation into Spanish. Keep the correction or use the new translation before sending.',
    });
    expect(await balance()).toBe(before);

    // Staff keep their correction (e.g. they update it by hand next): it is what Spanish receives.
    const kept = await choose(admin, message.id, 'es', 'correction');
    expect(kept.statusCode).toBe(200);
    expect(translation(kept.json(), 'es')).toMatchObject({
      translated_text: 'La avenida Oak está cerrada.',
      review_status: 'corrected',
      previous_correction: null,
    });
    const sent = await send(message.id);
    expect(sent.statusCode).toBe(200);
    const bodies = await bodiesSent(sent.json().send_id);
    expect(bodies.es).toContain('La avenida Oak está cerrada.');
    expect(bodies.ko).toContain('[ko] Oak Avenue is closed until Friday.');
  });

  it('lets staff take the new machine translation instead, which counts as reviewed', async () => {
    const message = await create();
    await correct(message.id, 'es', 'Calle Oak cerrada.');
    await edit(message.id, { original: 'Oak Avenue reopens at noon.' });
    await settled(message.id);
    const taken = await choose(admin, message.id, 'es', 'machine');
    expect(taken.statusCode).toBe(200);
    expect(translation(taken.json(), 'es')).toMatchObject({
      translated_text: '[es] Oak Avenue reopens at noon.',
      review_status: 'reviewed',
      previous_correction: null,
    });
    expect(translation(taken.json(), 'es').reviewed_at).not.toBeNull();
    // Nothing left to choose.
    const again = await choose(admin, message.id, 'es', 'machine');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('no_correction_to_choose');
  });

  it('marks a finished translation reviewed; a reviewed translation of the same original stays through an edit', async () => {
    const message = await create();
    const reviewed = await review(admin, message.id, 'ko');
    expect(reviewed.statusCode).toBe(200);
    expect(translation(reviewed.json(), 'ko')).toMatchObject({ review_status: 'reviewed' });

    await edit(message.id, { title: 'Retitled' });
    let current = await settled(message.id);
    expect(translation(current, 'ko')).toMatchObject({ review_status: 'reviewed' });

    // A new original needs a new review.
    await edit(message.id, { original: 'Oak Avenue is open.' });
    current = await settled(message.id);
    expect(translation(current, 'ko')).toMatchObject({
      review_status: 'machine',
      reviewed_at: null,
      translated_text: '[ko] Oak Avenue is open.',
    });
  });

  it('refuses to review a translation that is not finished, and answers bad or foreign requests', async () => {
    engine.holdKorean(true);
    try {
      const created = (await admin.post('/admin/api/messages', write())).json();
      const notReady = await review(admin, created.id, 'ko');
      expect(notReady.statusCode).toBe(409);
      expect(notReady.json().code).toBe('translation_not_ready');
      expect((await review(admin, created.id, 'fr')).statusCode).toBe(404);
      const both = await choose(admin, created.id, 'es', 'both');
      expect(both.statusCode).toBe(400);
      // Its own code (decision 0071; formerly invalid_value with the same words).
      expect(both.json()).toMatchObject({
        code: 'correction_choice_invalid',
        error: 'Choose "correction" or "machine".',
      });
      // Another station's message is not found, and nothing about it changes.
      for (const response of [
        await review(stranger, created.id, 'es'),
        await choose(stranger, created.id, 'es', 'machine'),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe('message_not_found');
      }
      const unchanged = await read(created.id);
      expect(translation(unchanged, 'es').review_status).toBe('machine');
    } finally {
      engine.holdKorean(false);
    }
  });

  it('holds SMS of a type that requires review until every language sent is reviewed', async () => {
    await setReviewRequired(['alert', 'emergency']);
    try {
      // Korean subscribers get the original with the vetted notice (no translation was asked for):
      // nothing to review there (decision 0050).
      const message = await create({ target_languages: ['es'] });
      const shown = await preview(message.id);
      expect(shown).toMatchObject({
        review_required: true,
        unreviewed_languages: ['es'],
        fallback_languages: ['ko'],
      });
      expect(
        Object.fromEntries(
          shown.languages.map((l: { language: string; review: string }) => [l.language, l.review]),
        ),
      ).toEqual({
        en: 'original',
        es: 'machine',
        ko: 'untranslated',
      });
      const before = await balance();
      const refused = await send(message.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'review_required',
        error: 'Translations into Spanish must be reviewed before this message is sent by SMS.',
      });
      expect(await balance()).toBe(before);

      await edit(message.id, { target_languages: ['es', 'ko'] });
      await settled(message.id);
      await review(admin, message.id, 'es');
      await correct(message.id, 'ko', '오크 애비뉴 폐쇄');
      expect(await preview(message.id)).toMatchObject({ unreviewed_languages: [] });
      expect((await send(message.id)).statusCode).toBe(200);
    } finally {
      await setReviewRequired([]);
    }
  });

  it('sends an emergency with unreviewed texts only when the admin confirms it', async () => {
    await setReviewRequired(['emergency']);
    try {
      const message = await create({ message_type: 'emergency' });
      const refused = await send(message.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'review_required_emergency',
        error:
          'Translations into Spanish and Korean are not reviewed. Confirm to send this emergency without review.',
      });
      const confirmed = await send(message.id, { send_unreviewed: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().sent_count).toBe(3);
    } finally {
      await setReviewRequired([]);
    }
  });

  it('sends unreviewed texts of types that do not require review, and says which they are', async () => {
    const message = await create({ message_type: 'informational' });
    expect(await preview(message.id)).toMatchObject({
      review_required: false,
      unreviewed_languages: ['es', 'ko'],
      stale_corrections: [],
    });
    expect((await send(message.id)).statusCode).toBe(200);
  });

  it('puts a translation back into the original language, and flags numbers a translation lost', async () => {
    const message = await create({ original: 'Shelter at 450 Oak Avenue until 6 PM.' });
    const back = await admin.post(`/admin/api/messages/${message.id}/translations/ko/back-translation`);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({
      language_code: 'ko',
      original_language: 'en',
      translated_text: '[ko] Shelter at 450 Oak Avenue until 6 PM.',
      back_translation: '[en] [ko] Shelter at 450 Oak Avenue until 6 PM.',
      // Every word of the original is back: not far from it.
      overlap: 1,
      far: false,
    });
    expect(translation(message, 'ko').warnings).toEqual([]);

    // A correction that dropped the street number is flagged; an engine's refusal is said in words.
    const corrected = await correct(message.id, 'ko', '오크 애비뉴 대피소, 오후 6시까지 (refuse)');
    expect(translation(corrected.json(), 'ko').warnings).toEqual([
      { code: 'numbers_missing', detail: '450' },
    ]);
    const refused = await admin.post(`/admin/api/messages/${message.id}/translations/ko/back-translation`);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      code: 'back_translation_failed',
      error: 'The translation could not be put back into the original language: DeepL refused the key (403)',
    });
    // Another station's message is not found.
    const foreign = await stranger.post(`/admin/api/messages/${message.id}/translations/ko/back-translation`);
    expect(foreign.statusCode).toBe(404);
  });

  it('shows the words an engine did not know until staff correct the translation', async () => {
    const message = await create({ original: 'Meet at Frobnitz Plaza.' });
    expect(translation(message, 'es').warnings).toEqual([{ code: 'unknown_words', detail: 'Frobnitz' }]);
    const corrected = await correct(message.id, 'es', 'Reunión en la plaza Frobnitz.');
    expect(translation(corrected.json(), 'es').warnings).toEqual([]);
  });
});
