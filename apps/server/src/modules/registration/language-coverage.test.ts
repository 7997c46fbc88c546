// Signup step 3's public coverage (decision 0050): which languages a new station can translate into
// from the primary language the wizard chose, with this server's engines only (a new station has
// none of its own): `review` where an engine covers the pair, `needs_setup` where none does, never
// `trusted`, and no engine named. The operator's chain is a fake engine for English ↔ Spanish and
// English → French, like Apertium with two pairs; one engine that cannot be asked covers nothing.
import { describe, expect, it } from 'vitest';
import { createTranslationChain } from '../../providers/translation/chain.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const PAIRS = new Set(['en-es', 'es-en', 'en-fr']);
const offlineEngine: TTranslationProvider = {
  name: 'offline',
  supports: (from, to) => PAIRS.has(`${from}-${to}`),
  async translate({ text }) {
    return text;
  },
};
/** A server down: asking it throws, so it covers nothing today. */
const downEngine: TTranslationProvider = {
  name: 'down',
  supports: (_from, to) => {
    if (to === 'ja') throw new Error('connect ECONNREFUSED');
    return false;
  },
  async translate() {
    throw new Error('down');
  },
};

const statuses = (languages: { language: string; status: string }[]) =>
  Object.fromEntries(languages.map(({ language, status }) => [language, status]));

describe('GET /api/register/language-coverage', async () => {
  const { app, db } = await createTestApp({
    translation: createTranslationChain([offlineEngine, downEngine], {}),
  });
  let ip = 0;
  const visitor = () => new TestClient(app, `10.77.0.${++ip}`);

  it('answers every other language from English, without signing in: review or needs setup', async () => {
    const response = await visitor().get('/api/register/language-coverage?from=en');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      from: 'en',
      languages: [
        { language: 'es', status: 'review' },
        { language: 'fr', status: 'review' },
        { language: 'de', status: 'needs_setup' },
        { language: 'it', status: 'needs_setup' },
        { language: 'pt', status: 'needs_setup' },
        { language: 'zh', status: 'needs_setup' },
        // The engine that could not be asked does not cover Japanese today.
        { language: 'ja', status: 'needs_setup' },
        { language: 'ko', status: 'needs_setup' },
      ],
    });
    // No engine's name reaches a visitor.
    expect(response.body).not.toContain('offline');
  });

  it('starts from English without `from`, and from the primary the wizard chose with it', async () => {
    expect((await visitor().get('/api/register/language-coverage')).json().from).toBe('en');
    const spanish = (await visitor().get('/api/register/language-coverage?from=es')).json();
    expect(spanish.from).toBe('es');
    expect(statuses(spanish.languages)).toEqual({
      en: 'review',
      fr: 'needs_setup',
      de: 'needs_setup',
      it: 'needs_setup',
      pt: 'needs_setup',
      zh: 'needs_setup',
      ja: 'needs_setup',
      ko: 'needs_setup',
    });
  });

  it('refuses a language that is not one of the nine', async () => {
    const response = await visitor().get('/api/register/language-coverage?from=xx');
    expect(response.statusCode).toBe(400);
  });

  it('is the operator’s alone: a station’s own trusted engine changes nothing for a new station', async () => {
    const station = await createStationWithAdmin(db, { slug: 'covsignup', languages: ['en', 'ko'] });
    const admin = new TestClient(app, '10.77.1.1');
    await admin.login(station.adminEmail);
    // An OpenAI-compatible engine on a local model server: no key, a base URL and a model.
    const saved = await admin.request({
      method: 'PUT',
      url: '/admin/api/settings/translation',
      body: {
        engines: [{ engine: 'openai', base_url: 'http://127.0.0.1:9/v1', model: 'm', trusted: true }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const response = await visitor().get('/api/register/language-coverage?from=en');
    expect(statuses(response.json().languages).ko).toBe('needs_setup');
    expect(Object.values(statuses(response.json().languages))).not.toContain('trusted');
  });
});
