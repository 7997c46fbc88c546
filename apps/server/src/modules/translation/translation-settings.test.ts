// Settings → Translation: a station's own engines before the operator's, keys sealed and
// never shown or logged, the Test button, coverage, and the translation worker using the station's
// chain. Vendors are the loopback fakes; the operator's chain is a fake engine covering en ↔ es.
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { messageTypes } from '../../db/schema/index.js';
import { stationTranslationEngines } from '../../db/schema/owned/translation.js';
import { createTranslationChain } from '../../providers/translation/chain.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { TEST_CONFIG_ENV } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { startFakeDeepL, startFakeLibreTranslate } from '../../test/fake-translation-servers.js';
import { captureLogs } from '../../test/log-lines.js';
import { readUntil } from '../../test/poll.js';
import { openEngineKey, sealEngineKey } from './engine-keys.js';
import { privateHost } from './station-engines.js';

const DEEPL_KEY = 'station-a-secret-deepl-key-9f3c';
const WRONG_KEY = 'typed-but-wrong-key-77aa';

/** The operator's chain: one engine for Spanish only, like Apertium on a fresh server. */
const offlineEngine: TTranslationProvider = {
  name: 'offline',
  supports: (from, to) => from !== to && [from, to].every((l) => l === 'en' || l === 'es'),
  async translate({ text, to }) {
    return `{offline ${to}} ${text}`;
  },
};
const offline = createTranslationChain([offlineEngine], {
  hint: () => 'set DEEPL_API_KEY or another provider',
});

describe('Settings → Translation', async () => {
  const deepl = await startFakeDeepL({ apiKey: DEEPL_KEY });
  const libre = await startFakeLibreTranslate();
  afterAll(async () => {
    await deepl.close();
    await libre.close();
  });
  const { lines, logger } = captureLogs();
  const base = loadConfig(TEST_CONFIG_ENV).translation;
  const { app, db, config } = await createTestApp({
    translation: offline,
    workers: true,
    logger,
    config: { translation: { ...base, station: { ...base.station, deeplApiUrl: deepl.url } } },
  });
  const a = await createStationWithAdmin(db, { slug: 'enginesa', languages: ['en', 'es', 'de', 'ko'] });
  const b = await createStationWithAdmin(db, { slug: 'enginesb', languages: ['en', 'de'] });
  const adminA = new TestClient(app);
  await adminA.login(a.adminEmail);
  const adminB = new TestClient(app);
  await adminB.login(b.adminEmail);
  const staff = new TestClient(app);
  await staff.login('user@demo.test');
  /** Every body the server answered in this file: none may hold a key. */
  const bodies: string[] = [];
  const call = async (client: TestClient, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) => {
    const response = await client.request({ method, url, body });
    bodies.push(response.body);
    return response;
  };
  const URL = '/admin/api/settings/translation';
  // Who covers each language; its trust and status are the trust tests' (decision 0050).
  const coverageOf = (body: {
    coverage: { languages: { language: string; engine: string | null; source: string | null }[] };
  }) =>
    Object.fromEntries(
      body.coverage.languages.map(({ language, engine, source }) => [language, { engine, source }]),
    );

  const createMessage = async (client: TestClient, targets: string[]) => {
    const created = await call(client, 'POST', '/admin/api/messages', {
      title: 'Storm',
      original: 'Roads are closed.',
      original_language: 'en',
      target_languages: targets,
      message_type: 'alert',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const settled = await readUntil(
      async () =>
        (await call(client, 'GET', '/admin/api/messages')).json().find((m: { id: string }) => m.id === id),
      (m) => m.translations.every((t: { translation_status: string }) => t.translation_status !== 'pending'),
    );
    return Object.fromEntries(
      settled.translations.map((t: { language_code: string }) => [t.language_code, t]),
    ) as Record<string, { translation_status: string; translated_text: string | null; error: string | null }>;
  };

  it('starts with the operator engines alone, and says which languages nobody covers', async () => {
    const response = await call(adminA, 'GET', URL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      engines: [],
      operator_engines: ['offline'],
      coverage: { from: 'en' },
    });
    expect(coverageOf(response.json())).toEqual({
      es: { engine: 'offline', source: 'operator' },
      de: { engine: null, source: null },
      ko: { engine: null, source: null },
    });
    // An engine nobody marked trusted needs review before an unattended send; none needs setup.
    expect(
      Object.fromEntries(
        response
          .json()
          .coverage.languages.map((l: { language: string; status: string; trusted: boolean }) => [
            l.language,
            [l.status, l.trusted],
          ]),
      ),
    ).toEqual({ es: ['review', false], de: ['needs_setup', false], ko: ['needs_setup', false] });
  });

  it('covers every language for a station of one language, as its create form offers them all', async () => {
    const solo = await createStationWithAdmin(db, { slug: 'enginessolo', languages: ['en'] });
    const admin = new TestClient(app);
    await admin.login(solo.adminEmail);
    const response = await call(admin, 'GET', `${URL}/coverage?from=en`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: 'en',
      languages: ['es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'].map((language) =>
        language === 'es'
          ? { language, engine: 'offline', source: 'operator', trusted: false, status: 'review' }
          : { language, engine: null, source: null, trusted: false, status: 'needs_setup' },
      ),
    });
  });

  it('stores a failure in station words when no engine covers a language; the operator hint only in the log', async () => {
    const translations = await createMessage(adminB, ['de']);
    expect(translations.de).toMatchObject({
      translation_status: 'failed',
      error: 'No translation engine covers English → German. An admin can add one in Settings → Translation.',
    });
    expect(lines.join('')).toContain('no translation engine covers a station language');
    expect(lines.join('')).toMatch(/"hint":"[^"]*DEEPL_API_KEY/);
  });

  it('tests a DeepL key as typed before saving: bad key, then a working one', async () => {
    const wrong = await call(adminA, 'POST', `${URL}/test`, { engine: 'deepl', api_key: WRONG_KEY });
    expect(wrong.statusCode).toBe(200);
    // The sample goes to the first of the station's other languages (de, es, ko) the engine has.
    expect(wrong.json()).toMatchObject({ ok: false, problem: 'bad_key', from: 'en', to: 'de' });
    expect(wrong.json().detail).toContain('check the key in Settings → Translation');
    expect(wrong.json().detail).not.toContain('DEEPL_API_KEY');
    const right = await call(adminA, 'POST', `${URL}/test`, {
      engine: 'deepl',
      api_key: DEEPL_KEY,
      to: 'ko',
    });
    expect(right.json()).toEqual({
      ok: true,
      from: 'en',
      to: 'ko',
      sample: 'Good morning.',
      translated: '[KO] Good morning.',
    });
  });

  it('saves engines in order with the key sealed, shows only its last four characters', async () => {
    const response = await call(adminA, 'PUT', URL, {
      engines: [
        { engine: 'deepl', api_key: DEEPL_KEY },
        { engine: 'libretranslate', base_url: libre.url },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().engines).toEqual([
      { engine: 'deepl', base_url: null, model: null, key_set: true, key_hint: '9f3c', trusted: false },
      {
        engine: 'libretranslate',
        base_url: libre.url,
        model: null,
        key_set: false,
        key_hint: null,
        trusted: false,
      },
    ]);
    // The station's engines come first: DeepL covers every language, Spanish included.
    expect(coverageOf(response.json())).toEqual({
      es: { engine: 'deepl', source: 'station' },
      de: { engine: 'deepl', source: 'station' },
      ko: { engine: 'deepl', source: 'station' },
    });
    const rows = await db
      .select()
      .from(stationTranslationEngines)
      .where(eq(stationTranslationEngines.stationId, a.station.id));
    const sealed = rows.find((row) => row.engine === 'deepl')?.keyCiphertext ?? '';
    expect(sealed).not.toContain(DEEPL_KEY);
    const secret = config.translation.station.keysSecret;
    expect(openEngineKey(secret, { stationId: a.station.id, engine: 'deepl' }, sealed)).toBe(DEEPL_KEY);
    // Copied into another station's row, the sealed key does not open.
    expect(openEngineKey(secret, { stationId: b.station.id, engine: 'deepl' }, sealed)).toBeNull();
  });

  it("translates the station's messages with its engines first (German and Korean by DeepL)", async () => {
    const translations = await createMessage(adminA, ['de', 'ko', 'es']);
    expect(translations.de).toMatchObject({
      translation_status: 'completed',
      translated_text: '[DE] Roads are closed.',
    });
    expect(translations.ko).toMatchObject({
      translation_status: 'completed',
      translated_text: '[KO] Roads are closed.',
    });
    expect(translations.es).toMatchObject({ translated_text: '[ES] Roads are closed.' });
    // Station B has no engines of its own: still the operator's alone.
    expect((await createMessage(adminB, ['de'])).de?.translation_status).toBe('failed');
  });

  it('tests the saved key when none is typed, and words a spent quota', async () => {
    const saved = await call(adminA, 'POST', `${URL}/test`, { engine: 'deepl' });
    expect(saved.json()).toMatchObject({ ok: true, translated: '[DE] Good morning.' });
    deepl.override({ kind: 'error', status: 456, body: { message: 'Quota exceeded' } });
    try {
      const spent = await call(adminA, 'POST', `${URL}/test`, { engine: 'deepl' });
      expect(spent.json()).toMatchObject({ ok: false, problem: 'quota' });
    } finally {
      deepl.reset();
    }
    const closed = await call(adminA, 'POST', `${URL}/test`, {
      engine: 'libretranslate',
      base_url: 'http://127.0.0.1:9',
    });
    expect(closed.json()).toMatchObject({ ok: false, problem: 'unreachable' });
  });

  it('keeps a key left out, reorders, and falls back to the next engine', async () => {
    const response = await call(adminA, 'PUT', URL, {
      engines: [{ engine: 'libretranslate', base_url: libre.url }, { engine: 'deepl' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().engines.map((e: { engine: string }) => e.engine)).toEqual([
      'libretranslate',
      'deepl',
    ]);
    expect(response.json().engines[1]).toMatchObject({ key_set: true, key_hint: '9f3c' });
    // The fake LibreTranslate has no Korean: DeepL, second, covers it.
    expect(coverageOf(response.json())).toMatchObject({
      de: { engine: 'libretranslate', source: 'station' },
      ko: { engine: 'deepl', source: 'station' },
    });
    const translations = await createMessage(adminA, ['de', 'ko']);
    expect(translations.de?.translated_text).toBe('[de] Roads are closed.');
    expect(translations.ko?.translated_text).toBe('[KO] Roads are closed.');
  });

  it("words the station's message types in its languages with its engines too", async () => {
    const types = await db.select().from(messageTypes).where(eq(messageTypes.stationId, a.station.id));
    const alert = types.find((t) => t.messageType === 'alert');
    const changed = await call(adminA, 'PUT', `/admin/api/message-types/${alert?.id}`, {
      display_name: 'Severe Weather',
      description: 'Storms',
      color_code: '#fd7e14',
      is_active: true,
    });
    expect(changed.statusCode).toBe(200);
    const list = (await call(adminA, 'GET', '/admin/api/message-type-translations')).json();
    const alertIn = (language: string) =>
      list.find(
        (t: { language: string; message_type: string }) =>
          t.language === language && t.message_type === 'alert',
      );
    // German by LibreTranslate (first), Korean by DeepL: the operator's engine has neither.
    expect(alertIn('de')).toMatchObject({ source: 'machine', display_name: '[de] Severe Weather' });
    expect(alertIn('ko')).toMatchObject({ source: 'machine', display_name: '[KO] Severe Weather' });
  });

  it.each([
    [[{ engine: 'deepl' }, { engine: 'deepl' }], 'translation_engine_twice'],
    [[{ engine: 'google' }], 'translation_engine_key_required'],
    [[{ engine: 'deepl', api_key: null }], 'translation_engine_key_required'],
    [[{ engine: 'libretranslate', base_url: null }], 'translation_engine_url_required'],
    [[{ engine: 'openai', base_url: 'http://127.0.0.1:8080/v1' }], 'translation_engine_model_required'],
    [[{ engine: 'libretranslate', base_url: 'not a url' }], 'url_invalid'],
    [[{ engine: 'babelfish' }], undefined],
  ])('refuses %j with 400 and keeps the saved list whole', async (engines, code) => {
    const response = await call(adminA, 'PUT', URL, { engines: [{ engine: 'apertium' }, ...engines] });
    expect(response.statusCode).toBe(400);
    if (code) expect(response.json().code).toBe(code);
    expect(response.json().error).toEqual(expect.any(String));
    const saved = (await call(adminA, 'GET', URL)).json();
    expect(saved.engines.map((e: { engine: string }) => e.engine)).toEqual(['libretranslate', 'deepl']);
  });

  it('lets staff read coverage but not the engines, and refuses their changes', async () => {
    expect((await call(staff, 'GET', URL)).statusCode).toBe(403);
    expect((await call(staff, 'PUT', URL, { engines: [] })).statusCode).toBe(403);
    expect((await call(staff, 'POST', `${URL}/test`, { engine: 'apertium' })).statusCode).toBe(403);
    const coverage = await call(staff, 'GET', `${URL}/coverage?from=es`);
    expect(coverage.statusCode).toBe(200);
    expect(coverage.json()).toMatchObject({ from: 'es', languages: [{ language: 'en', engine: 'offline' }] });
    expect((await call(adminA, 'GET', `${URL}/coverage?from=xx`)).statusCode).toBe(400);
  });

  it("keeps each station's engines its own", async () => {
    const seen = (await call(adminB, 'GET', URL)).json();
    expect(seen.engines).toEqual([]);
    expect(coverageOf(seen)).toEqual({ de: { engine: null, source: null } });
    expect((await call(adminB, 'PUT', URL, { engines: [{ engine: 'apertium' }] })).statusCode).toBe(200);
    // B's Test with no key typed does not find A's saved DeepL key.
    const test = await call(adminB, 'POST', `${URL}/test`, { engine: 'deepl' });
    expect(test.json()).toMatchObject({ code: 'translation_engine_key_required' });
    const stillA = (await call(adminA, 'GET', URL)).json();
    expect(stillA.engines.map((e: { engine: string }) => e.engine)).toEqual(['libretranslate', 'deepl']);
  });

  it('records the change in the audit trail without the key', async () => {
    const entries = (await call(adminA, 'GET', '/admin/api/audit?action=settings')).json().entries;
    expect(entries[0]).toMatchObject({ action: 'settings.translation_engines_updated' });
    expect(JSON.stringify(entries)).not.toContain(DEEPL_KEY);
  });

  it('never answers or logs a key', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const key of [DEEPL_KEY, WRONG_KEY]) {
      expect(bodies.filter((body) => body.includes(key))).toEqual([]);
      expect(lines.filter((line) => line.includes(key))).toEqual([]);
    }
    // The log did record requests, so its silence about keys means something.
    expect(lines.some((line) => line.includes('/admin/api/settings/translation'))).toBe(true);
  });
});

describe('station engine rules', () => {
  it('sees loopback and private addresses written in a URL', () => {
    for (const url of [
      'http://127.0.0.1:5000',
      'http://localhost:11434/v1',
      'http://10.1.2.3/',
      'http://192.168.0.10:8080',
      'http://169.254.169.254/latest',
      'http://[::1]:8080',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
    ]) {
      expect(privateHost(url), url).not.toBeNull();
    }
    expect(privateHost('https://api.deepl.com')).toBeNull();
    expect(privateHost('https://8.8.8.8/')).toBeNull();
  });

  it('seals a key differently each time, and only the same secret opens it', () => {
    const owner = { stationId: 's1', engine: 'google' };
    const one = sealEngineKey('x'.repeat(32), owner, 'k-123456');
    expect(one).not.toBe(sealEngineKey('x'.repeat(32), owner, 'k-123456'));
    expect(openEngineKey('x'.repeat(32), owner, one)).toBe('k-123456');
    expect(openEngineKey('y'.repeat(32), owner, one)).toBeNull();
  });
});
