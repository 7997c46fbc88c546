// Trusted engines in Settings → Translation (decision 0050): an admin marks the station's own cloud
// engine trusted and its languages read `trusted`; the offline engine is refused (400, nothing
// written); another station's engines and coverage are untouched; every product language's
// coverage for Settings' Supported Languages (GET …/translation/languages). The operator's chain is
// a fake engine for English ↔ Spanish only, like Apertium with one pair; DeepL is the loopback fake.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { stationTranslationEngines } from '../../db/schema/owned/translation.js';
import { createTranslationChain } from '../../providers/translation/chain.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { TEST_CONFIG_ENV } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startFakeDeepL } from '../../test/fake-translation-servers.js';

const DEEPL_KEY = 'trusted-deepl-key-4e1a';

const offlineEngine: TTranslationProvider = {
  name: 'offline',
  supports: (from, to) => from !== to && [from, to].every((l) => l === 'en' || l === 'es'),
  async translate({ text, to }) {
    return `{offline ${to}} ${text}`;
  },
};

describe('Settings → Translation: trusted engines and every language’s coverage', async () => {
  const deepl = await startFakeDeepL({ apiKey: DEEPL_KEY });
  afterAll(() => deepl.close());
  const base = loadConfig(TEST_CONFIG_ENV).translation;
  const { app, db } = await createTestApp({
    translation: createTranslationChain([offlineEngine], {}),
    config: { translation: { ...base, station: { ...base.station, deeplApiUrl: deepl.url } } },
  });
  const a = await createStationWithAdmin(db, { slug: 'trusta', languages: ['en', 'es', 'de', 'ko'] });
  const b = await createStationWithAdmin(db, { slug: 'trustb', languages: ['en', 'ko'] });
  const adminA = new TestClient(app);
  await adminA.login(a.adminEmail);
  const adminB = new TestClient(app);
  await adminB.login(b.adminEmail);
  const staff = new TestClient(app);
  await staff.login('user@demo.test');

  const URL = '/admin/api/settings/translation';
  const put = (client: TestClient, engines: unknown[]) =>
    client.request({ method: 'PUT', url: URL, body: { engines } });
  const statuses = (languages: { language: string; status: string }[]) =>
    Object.fromEntries(languages.map(({ language, status }) => [language, status]));
  const rowsOf = (stationId: string) =>
    db.select().from(stationTranslationEngines).where(eq(stationTranslationEngines.stationId, stationId));

  it('marks every product language for Settings before any engine: the operator’s only, never trusted', async () => {
    const response = await adminA.get(`${URL}/languages?from=en`);
    expect(response.statusCode).toBe(200);
    expect(response.json().from).toBe('en');
    expect(response.json().languages).toHaveLength(8);
    expect(response.json().languages[0]).toEqual({
      language: 'es',
      engine: 'offline',
      source: 'operator',
      trusted: false,
      status: 'review',
    });
    // Unticked languages too (fr, zh…): an admin sees what a language would get before adding it.
    expect(statuses(response.json().languages)).toEqual({
      es: 'review',
      fr: 'needs_setup',
      de: 'needs_setup',
      it: 'needs_setup',
      pt: 'needs_setup',
      zh: 'needs_setup',
      ja: 'needs_setup',
      ko: 'needs_setup',
    });
    // From another language: that language is left out, English is in.
    const fromSpanish = (await adminA.get(`${URL}/languages?from=es`)).json();
    expect(statuses(fromSpanish.languages)).toMatchObject({ en: 'review', ko: 'needs_setup' });
    expect(fromSpanish.languages.map((l: { language: string }) => l.language)).not.toContain('es');
  });

  it('refuses an unknown language, and is for admins only', async () => {
    const unknown = await adminA.get(`${URL}/languages?from=xx`);
    expect(unknown.statusCode).toBe(400);
    expect((await staff.get(`${URL}/languages?from=en`)).statusCode).toBe(403);
    expect((await new TestClient(app).get(`${URL}/languages?from=en`)).statusCode).toBe(401);
  });

  it('saves a cloud engine as trusted: its languages read trusted in the coverage and the languages list', async () => {
    const response = await put(adminA, [{ engine: 'deepl', api_key: DEEPL_KEY, trusted: true }]);
    expect(response.statusCode).toBe(200);
    expect(response.json().engines).toEqual([
      { engine: 'deepl', base_url: null, model: null, key_set: true, key_hint: '4e1a', trusted: true },
    ]);
    const byLanguage = (languages: { language: string }[]) =>
      [...languages].sort((x, y) => x.language.localeCompare(y.language));
    expect(byLanguage(response.json().coverage.languages)).toEqual(
      ['de', 'es', 'ko'].map((language) => ({
        language,
        engine: 'deepl',
        source: 'station',
        trusted: true,
        status: 'trusted',
      })),
    );
    expect((await rowsOf(a.station.id)).map((row) => [row.engine, row.trusted])).toEqual([['deepl', true]]);
    const all = (await adminA.get(`${URL}/languages?from=en`)).json();
    expect(new Set(Object.values(statuses(all.languages)))).toEqual(new Set(['trusted']));
  });

  it('keeps the trust when a save leaves it out, and takes it back when told', async () => {
    const kept = await put(adminA, [{ engine: 'deepl' }]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().engines[0].trusted).toBe(true);
    const untrusted = await put(adminA, [{ engine: 'deepl', trusted: false }]);
    expect(untrusted.json().engines[0].trusted).toBe(false);
    expect(statuses(untrusted.json().coverage.languages)).toEqual({
      es: 'review',
      de: 'review',
      ko: 'review',
    });
    expect((await put(adminA, [{ engine: 'deepl', trusted: true }])).json().engines[0].trusted).toBe(true);
  });

  it('refuses to trust the offline engine: 400 with its code, and the saved list stays as it was', async () => {
    const before = await rowsOf(a.station.id);
    const refused = await put(adminA, [
      { engine: 'deepl', trusted: false },
      { engine: 'apertium', trusted: true },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'translation_engine_offline_untrusted' });
    const after = await rowsOf(a.station.id);
    expect(after).toEqual(before);
    expect(after.map((row) => [row.engine, row.trusted])).toEqual([['deepl', true]]);
    expect((await adminA.get(URL)).json().engines).toEqual([
      { engine: 'deepl', base_url: null, model: null, key_set: true, key_hint: '4e1a', trusted: true },
    ]);
  });

  it('leaves another station alone: its engines, coverage and join page are its own', async () => {
    const settingsB = (await adminB.get(URL)).json();
    expect(settingsB.engines).toEqual([]);
    expect(settingsB.coverage.languages).toEqual([
      { language: 'ko', engine: null, source: null, trusted: false, status: 'needs_setup' },
    ]);
    const allB = (await adminB.get(`${URL}/languages?from=en`)).json();
    expect(statuses(allB.languages)).toMatchObject({ es: 'review', ko: 'needs_setup', de: 'needs_setup' });
    // B saving its own list (an untrusted DeepL) changes nothing of A's.
    expect((await put(adminB, [{ engine: 'deepl', api_key: DEEPL_KEY }])).statusCode).toBe(200);
    expect((await rowsOf(b.station.id)).map((row) => [row.engine, row.trusted])).toEqual([['deepl', false]]);
    expect((await rowsOf(a.station.id)).map((row) => [row.engine, row.trusted])).toEqual([['deepl', true]]);
    expect(statuses((await adminB.get(URL)).json().coverage.languages)).toEqual({ ko: 'review' });
    expect(statuses((await adminA.get(URL)).json().coverage.languages)).toEqual({
      es: 'trusted',
      de: 'trusted',
      ko: 'trusted',
    });
    const coverageOnJoin = async (slug: string) =>
      Object.fromEntries(
        (await app.inject({ url: `/subscribe/${slug}/info?language=ko` }))
          .json()
          .station.languages.map((l: { language_code: string; coverage: string }) => [
            l.language_code,
            l.coverage,
          ]),
      );
    expect(await coverageOnJoin('trusta')).toEqual({
      en: 'primary',
      es: 'trusted',
      de: 'trusted',
      ko: 'trusted',
    });
    expect(await coverageOnJoin('trustb')).toEqual({ en: 'primary', ko: 'review' });
  });
});
