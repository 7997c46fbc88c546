// Message templates: saved with their translations (fields protected from the engines),
// corrected and reviewed by staff, and used with field values to make a message in every language.
import { describe, expect, it } from 'vitest';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { readUntil } from '../../test/poll.js';
import { createUser } from '../users/service.js';

type TTranslationJson = {
  language_code: string;
  translated_text: string | null;
  translation_status: string;
  review_status: string;
  error: string | null;
  lost_fields: string[];
  previous_correction: string | null;
};
type TTemplateJson = { id: string; name: string; translations: TTranslationJson[] };

/** Tags each text with its language; Korean drops the tokens it was handed, as a careless engine might. */
function recordingEngine() {
  const sent: { to: string; text: string }[] = [];
  const engine: TTranslationProvider = {
    name: 'fake',
    supports: () => true,
    async translate({ text, to }) {
      sent.push({ to, text });
      return to === 'ko' ? `[ko] ${text.replace(/ZXF\d+/g, '')}` : `[${to}] ${text}`;
    },
  };
  return { engine, sent };
}

describe('message templates', async () => {
  const { engine, sent } = recordingEngine();
  const { app, db } = await createTestApp({ translation: engine, workers: true });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'ktemplates',
    languages: ['en', 'es', 'ko'],
  });
  await createUser(db, {
    stationId: station.id,
    email: 'staff@ktemplates.test',
    password: 'demo1234',
    fullName: 'Staff',
    role: 'user',
  });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const staff = new TestClient(app);
  await staff.login('staff@ktemplates.test');
  const stranger = new TestClient(app);
  await stranger.login('admin@demo.test');

  const URL = '/admin/api/templates';
  const snowDay = (name: string) => ({
    name,
    message_type: 'alert',
    title: 'Snow day {date}',
    original: 'Schools are closed on {date} because of {reason}.',
    original_language: 'en',
  });
  const create = async (name: string, client = staff): Promise<TTemplateJson> => {
    const response = await client.post(URL, snowDay(name));
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const translationOf = (template: TTemplateJson, language: string) =>
    template.translations.find((t) => t.language_code === language);
  const templateCount = async () => ((await admin.get(URL)).json() as unknown[]).length;

  it('is translated when saved, its fields kept from the engine and put back; a lost field fails that language', async () => {
    const template = await create('Snow day closure');
    expect(template).toMatchObject({
      name: 'Snow day closure',
      fields: [
        { name: 'date', kind: 'date' },
        { name: 'reason', kind: 'text' },
      ],
    });
    expect(sent.filter((call) => call.to === 'es').at(-1)?.text).toBe(
      'Schools are closed on ZXF1 because of ZXF2.',
    );
    expect(translationOf(template, 'es')).toMatchObject({
      translated_text: '[es] Schools are closed on {date} because of {reason}.',
      translation_status: 'completed',
      review_status: 'machine',
    });
    expect(translationOf(template, 'ko')).toMatchObject({
      translated_text: null,
      translation_status: 'failed',
      lost_fields: ['date', 'reason'],
    });
    expect(translationOf(template, 'ko')?.error).toContain('dropped {date}, {reason}');
    expect(translationOf(template, 'en')).toBeUndefined();
    const listed = (await staff.get(URL)).json() as TTemplateJson[];
    expect(listed.find((t) => t.id === template.id)).toEqual(template);
  });

  it('keeps a correction as corrected, refuses one that drops a field, and keeps it aside when the original changes', async () => {
    const template = await create('Correction kept');
    const translation = `${URL}/${template.id}/translations/ko`;
    expect((await staff.post(`${translation}/review`)).json()).toMatchObject({
      code: 'template_translation_failed',
    });
    const dropped = await staff.request({
      method: 'PUT',
      url: translation,
      body: { translated_text: '{reason} 때문에 학교가 휴교합니다.' },
    });
    expect(dropped.statusCode).toBe(400);
    expect(dropped.json()).toMatchObject({
      code: 'template_translation_fields_missing',
      params: { fields: '{date}' },
    });
    const correction = '{reason} 때문에 {date}에 학교가 휴교합니다.';
    const corrected = await staff.request({
      method: 'PUT',
      url: translation,
      body: { translated_text: correction },
    });
    expect(corrected.statusCode).toBe(200);
    expect(translationOf(corrected.json(), 'ko')).toMatchObject({
      translated_text: correction,
      translation_status: 'completed',
      review_status: 'corrected',
      lost_fields: [],
    });
    // Reviewing a correction leaves it a correction; a machine translation becomes reviewed.
    expect(translationOf((await staff.post(`${translation}/review`)).json(), 'ko')?.review_status).toBe(
      'corrected',
    );
    const reviewed = (await staff.post(`${URL}/${template.id}/translations/es/review`)).json();
    expect(translationOf(reviewed, 'es')?.review_status).toBe('reviewed');

    const renamed = await staff.request({
      method: 'PUT',
      url: `${URL}/${template.id}`,
      body: { ...snowDay('Correction kept (renamed)') },
    });
    expect(translationOf(renamed.json(), 'ko')).toMatchObject({
      translated_text: correction,
      review_status: 'corrected',
    });
    expect(translationOf(renamed.json(), 'es')?.review_status).toBe('reviewed');

    const rewritten = await staff.request({
      method: 'PUT',
      url: `${URL}/${template.id}`,
      body: { ...snowDay('Correction kept (renamed)'), original: 'No school on {date}: {reason}.' },
    });
    expect(translationOf(rewritten.json(), 'es')).toMatchObject({
      translated_text: '[es] No school on {date}: {reason}.',
      review_status: 'machine',
    });
    expect(translationOf(rewritten.json(), 'ko')).toMatchObject({
      translation_status: 'failed',
      review_status: 'machine',
      previous_correction: correction,
    });
  });

  it('makes a message with the fields filled in each language; template translations keep their review, others are translated', async () => {
    const template = await create('Use me');
    await staff.request({
      method: 'PUT',
      url: `${URL}/${template.id}/translations/ko`,
      body: { translated_text: '{reason} 때문에 {date}에 휴교합니다.' },
    });
    const callsBefore = sent.length;
    const used = await staff.post(`${URL}/${template.id}/messages`, {
      values: { date: '2026-12-07', reason: 'snow' },
      target_languages: ['es', 'ko', 'fr'],
    });
    expect(used.statusCode).toBe(201);
    const message = used.json();
    expect(message).toMatchObject({
      title: 'Snow day Monday, December 7',
      original: 'Schools are closed on Monday, December 7 because of snow.',
      original_language: 'en',
      message_type: 'alert',
      target_languages: ['es', 'ko', 'fr'],
    });
    const byLanguage = (json: { translations: TTranslationJson[] }, language: string) =>
      json.translations.find((t) => t.language_code === language);
    expect(byLanguage(message, 'es')).toMatchObject({
      translated_text: '[es] Schools are closed on lunes, 7 de diciembre because of snow.',
      translation_status: 'completed',
      review_status: 'machine',
    });
    expect(byLanguage(message, 'ko')).toMatchObject({
      translated_text: 'snow 때문에 12월 7일 월요일에 휴교합니다.',
      translation_status: 'completed',
      review_status: 'corrected',
    });
    // French was not in the template: translated from the filled original, as any message.
    const done = await readUntil(
      async () => {
        const list = (await staff.get('/admin/api/messages')).json() as {
          id: string;
          translations: TTranslationJson[];
        }[];
        const stored = list.find((m) => m.id === message.id);
        return stored && byLanguage(stored, 'fr');
      },
      (fr) => fr?.translation_status === 'completed',
    );
    expect(done?.translated_text).toBe('[fr] Schools are closed on Monday, December 7 because of snow.');
    expect(sent.slice(callsBefore).map((call) => call.to)).toEqual(['fr']);
  });

  it('writes dates and times in each language and refuses missing or malformed values, creating nothing', async () => {
    const created = await staff.post(URL, {
      name: 'Delayed opening',
      message_type: 'informational',
      title: 'Delay',
      original: 'On {closure_date} schools open at {time}.',
      original_language: 'es',
    });
    expect(created.json().fields).toEqual([
      { name: 'closure_date', kind: 'date' },
      { name: 'time', kind: 'time' },
    ]);
    const id = created.json().id;
    const messagesBefore = (await staff.get('/admin/api/messages')).json().length;
    const missing = await staff.post(`${URL}/${id}/messages`, { values: { time: '09:30' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'template_fields_missing',
      params: { fields: '{closure_date}' },
    });
    const malformed = await staff.post(`${URL}/${id}/messages`, {
      values: { closure_date: '2026-02-30', time: '9.30' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: 'template_fields_invalid',
      params: { fields: '{closure_date}, {time}' },
    });
    expect((await staff.get('/admin/api/messages')).json()).toHaveLength(messagesBefore);

    const used = await staff.post(`${URL}/${id}/messages`, {
      values: { closure_date: '2026-12-08', time: '09:30' },
    });
    expect(used.json().original).toBe('On martes, 8 de diciembre schools open at 9:30.');
    expect(
      used.json().translations.find((t: TTranslationJson) => t.language_code === 'en').translated_text,
    ).toMatch(/^\[en\] On Tuesday, December 8 schools open at 9:30\sAM\.$/);
  });

  it("answers 404 for another station's template on every route", async () => {
    const template = await create('Not yours');
    const base = `${URL}/${template.id}`;
    const answers = await Promise.all([
      stranger.get(base),
      stranger.request({ method: 'PUT', url: base, body: snowDay('Taken over') }),
      stranger.request({ method: 'DELETE', url: base }),
      stranger.request({
        method: 'PUT',
        url: `${base}/translations/es`,
        body: { translated_text: '{date} {reason}' },
      }),
      stranger.post(`${base}/translations/es/review`),
      stranger.post(`${base}/messages`, { values: { date: '2026-12-07', reason: 'snow' } }),
    ]);
    expect(answers.map((answer) => [answer.statusCode, answer.json().code])).toEqual(
      Array(6).fill([404, 'template_not_found']),
    );
    expect(((await stranger.get(URL)).json() as TTemplateJson[]).map((t) => t.id)).not.toContain(template.id);
    expect((await staff.get(base)).json()).toEqual(template);
  });

  it('lets admins alone delete, and nobody signed out in', async () => {
    const template = await create('Delete me');
    const refused = await staff.request({ method: 'DELETE', url: `${URL}/${template.id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin_required');
    const signedOut = new TestClient(app);
    expect((await signedOut.get(URL)).statusCode).toBe(401);
    await signedOut.get('/auth/session');
    expect((await signedOut.post(URL, snowDay('Anonymous'))).statusCode).toBe(401);
    expect((await staff.get(`${URL}/${template.id}`)).statusCode).toBe(200);
    expect((await admin.request({ method: 'DELETE', url: `${URL}/${template.id}` })).statusCode).toBe(200);
    expect((await staff.get(`${URL}/${template.id}`)).json().code).toBe('template_not_found');
  });

  it('refuses bad input with nothing written', async () => {
    await create('Taken name');
    const before = await templateCount();
    const refusals = [
      [{ ...snowDay('taken NAME') }, 409, 'template_name_taken'],
      [{ ...snowDay(' ') }, 400, undefined],
      [{ ...snowDay('Typo'), message_type: 'gossip' }, 400, undefined],
      [
        { ...snowDay('Many'), original: Array.from({ length: 11 }, (_, i) => `{f${i}}`).join(' ') },
        400,
        'template_too_many_fields',
      ],
      [{ ...snowDay('Long'), original: 'x'.repeat(1601) }, 400, 'field_too_long'],
    ] as const;
    for (const [body, status, code] of refusals) {
      const answer = await staff.post(URL, body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      if (code) expect(answer.json().code).toBe(code);
    }
    expect((await staff.get(`${URL}/not-a-uuid`)).json().code).toBe('template_not_found');
    expect(await templateCount()).toBe(before);
  });

  it('records who created, edited, used and deleted a template', async () => {
    const template = await create('Audited', admin);
    await admin.request({ method: 'PUT', url: `${URL}/${template.id}`, body: snowDay('Audited again') });
    await admin.post(`${URL}/${template.id}/messages`, { values: { date: '2026-12-07', reason: 'ice' } });
    await admin.request({ method: 'DELETE', url: `${URL}/${template.id}` });
    const entries = (await admin.get('/admin/api/audit?action=template')).json().entries as {
      action: string;
      target_id: string;
      details: Record<string, unknown>;
    }[];
    const mine = entries
      .filter((entry) => entry.target_id === template.id)
      .map((e) => [e.action, e.details.label]);
    expect(mine).toEqual([
      ['template.deleted', 'Audited again'],
      ['template.used', 'Audited again'],
      // An edit is named as it was; its row keeps the new name in `after`.
      ['template.updated', 'Audited'],
      ['template.created', 'Audited'],
    ]);
  });
});
