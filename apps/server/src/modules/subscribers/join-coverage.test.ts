// The join page's info says what each of the station's languages gets (decision 0050): `primary`
// for the language the station writes in, else its coverage from it (`trusted`, `review`,
// `needs_setup`), beside the spec's fields, which stay. A language that needs setup stays on offer:
// a person who reads only Korean still joins in Korean (the page tells them what arrives in it).
// The operator's chain is a fake engine for English ↔ Spanish only, like Apertium with one pair.
import { describe, expect, it } from 'vitest';
import { createTranslationChain } from '../../providers/translation/chain.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';

const offlineEngine: TTranslationProvider = {
  name: 'offline',
  supports: (from, to) => from !== to && [from, to].every((l) => l === 'en' || l === 'es'),
  async translate({ text }) {
    return text;
  },
};

type TInfoLanguage = {
  id: string;
  language_code: string;
  display_name: string;
  native_name: string;
  coverage: string;
};

describe('GET /subscribe/{station}/info: coverage per language', async () => {
  const { app, db } = await createTestApp({ translation: createTranslationChain([offlineEngine], {}) });
  await createStationWithAdmin(db, { slug: 'covjoin', languages: ['en', 'es', 'ko'] });
  await createStationWithAdmin(db, { slug: 'covjoines', languages: ['es', 'en', 'zh'] });
  const info = async (slug: string, language = 'ko') =>
    (await app.inject({ url: `/subscribe/${slug}/info?language=${language}` })).json() as {
      station: { languages: TInfoLanguage[] };
    };

  it('keeps the spec’s fields and adds what each language gets, from the primary language', async () => {
    const { station } = await info('covjoin');
    expect(station.languages).toEqual([
      {
        id: expect.any(String),
        language_code: 'en',
        display_name: 'English',
        native_name: 'English',
        coverage: 'primary',
      },
      {
        id: expect.any(String),
        language_code: 'es',
        display_name: 'Spanish',
        native_name: 'Español',
        coverage: 'review',
      },
      {
        id: expect.any(String),
        language_code: 'ko',
        display_name: 'Korean',
        native_name: '한국어',
        coverage: 'needs_setup',
      },
    ]);
    // The same whatever language the page is read in.
    expect((await info('covjoin', 'en')).station.languages.map((l) => l.coverage)).toEqual([
      'primary',
      'review',
      'needs_setup',
    ]);
  });

  it('counts from the station’s primary language, whichever it is', async () => {
    const { station } = await info('covjoines', 'es');
    expect(station.languages.map((l) => [l.language_code, l.coverage])).toEqual([
      ['es', 'primary'],
      ['en', 'review'],
      ['zh', 'needs_setup'],
    ]);
  });

  it('still takes a subscription in a language that needs setup', async () => {
    const client = new TestClient(app, '10.78.0.1');
    await client.get('/auth/session');
    const response = await client.post('/subscribe/covjoin/register', {
      phone: '+14155550777',
      message_types: [{ message_type: 'emergency', language: 'ko' }],
      consent_given: true,
      consent_language: 'ko',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().requires_verification).toBe(true);
  });

  it('answers Station not found for an unknown station, as before', async () => {
    const response = await app.inject({ url: '/subscribe/nosuchstation/info' });
    expect(response.statusCode).toBe(404);
  });
});
