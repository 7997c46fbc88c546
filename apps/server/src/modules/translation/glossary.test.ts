// Settings → Translation → Glossary: admins replace the station's glossary at once;
// every translation job hands it, resolved for its language, to the station's engines.
import { describe, expect, it } from 'vitest';
import type { TGlossaryEntry, TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { readUntil } from '../../test/poll.js';

describe('the station glossary', async () => {
  const seen: { to: string; glossary: readonly TGlossaryEntry[] | undefined }[] = [];
  const engine: TTranslationProvider = {
    name: 'fake',
    supports: () => true,
    async translate({ text, to, glossary }) {
      seen.push({ to, glossary });
      return `[${to}] ${text}`;
    },
  };
  const { app, db } = await createTestApp({ translation: engine, workers: true });
  const other = await createStationWithAdmin(db, { slug: 'kgloss' });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const staff = new TestClient(app);
  await staff.login('user@demo.test');
  const stranger = new TestClient(app);
  await stranger.login(other.adminEmail);

  const URL = '/admin/api/settings/glossary';
  const put = (client: TestClient, body: unknown) => client.request({ method: 'PUT', url: URL, body });
  const terms = [
    { term: 'Oak Avenue', translations: {} },
    { term: 'Lincoln High School', translations: { es: 'Escuela Secundaria Lincoln', fr: '' } },
  ];

  it('is saved whole by admins, read by staff, and another station keeps its own', async () => {
    expect((await admin.get(URL)).json()).toEqual({ terms: [] });
    const saved = await put(admin, { terms });
    expect(saved.statusCode).toBe(200);
    // Empty words for a language keep the term there: not stored.
    const expected = {
      terms: [
        { term: 'Oak Avenue', translations: {} },
        { term: 'Lincoln High School', translations: { es: 'Escuela Secundaria Lincoln' } },
      ],
    };
    expect(saved.json()).toEqual(expected);
    expect((await staff.get(URL)).json()).toEqual(expected);
    expect((await put(staff, { terms: [] })).statusCode).toBe(403);
    expect((await stranger.get(URL)).json()).toEqual({ terms: [] });
    expect((await admin.get(URL)).json()).toEqual(expected);
  });

  it('refuses a term listed twice, an empty term, an unknown language or too many terms, keeping the saved list', async () => {
    const twice = await put(admin, { terms: [...terms, { term: 'oak avenue', translations: {} }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      code: 'glossary_term_twice',
      error: '"oak avenue" is in the glossary twice; each term can be listed once.',
    });
    const empty = await put(admin, { terms: [{ term: '  ', translations: {} }] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Each glossary term needs its words.');
    expect((await put(admin, { terms: [{ term: 'KQED', translations: { xx: 'KQED' } }] })).statusCode).toBe(
      400,
    );
    const many = Array.from({ length: 201 }, (_, i) => ({ term: `Street ${i}`, translations: {} }));
    const tooMany = await put(admin, { terms: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('A glossary holds at most 200 terms.');
    expect((await admin.get(URL)).json().terms.map((t: { term: string }) => t.term)).toEqual([
      'Oak Avenue',
      'Lincoln High School',
    ]);
  });

  it('goes to the engines with every translation, resolved for its language', async () => {
    await put(admin, { terms });
    const created = await admin.post('/admin/api/messages', {
      title: 'Closure',
      original: 'Please use Oak Avenue; Lincoln High School is closed.',
      original_language: 'en',
      target_languages: ['es', 'fr'],
      message_type: 'alert',
    });
    expect(created.statusCode).toBe(201);
    await readUntil(
      async () => seen.filter((call) => call.glossary?.length).map((call) => call.to),
      (languages) => languages.includes('es') && languages.includes('fr'),
    );
    const glossaryFor = (to: string) => seen.find((call) => call.to === to)?.glossary;
    expect(glossaryFor('es')).toEqual([
      { term: 'Oak Avenue', target: 'Oak Avenue' },
      { term: 'Lincoln High School', target: 'Escuela Secundaria Lincoln' },
    ]);
    expect(glossaryFor('fr')).toEqual([
      { term: 'Oak Avenue', target: 'Oak Avenue' },
      { term: 'Lincoln High School', target: 'Lincoln High School' },
    ]);
  });
});
