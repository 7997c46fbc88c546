// The translation memory (decision 0059) through the real translation job: NWS alert drafts made
// by the weather poll against a loopback NWS, messages made through the API, and a counting engine
// (the operator's, with a memoryKey) that answers "[fr] text" with the glossary applied. Jobs are
// run by hand, many at once, as a node's workers would run them.
import type { TLanguageCode } from '@message-station/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { messageTranslations, translationMemory } from '../../db/schema/index.js';
import { entriesIn } from '../../providers/translation/glossary.js';
import { TranslationError, type TTranslationProvider } from '../../providers/translation/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { TEST_CONFIG_ENV } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { nwsFixture, startFakeNws } from '../../test/fake-nws.js';
import { startFakeDeepL } from '../../test/fake-translation-servers.js';
import { waitUntil } from '../../test/poll.js';
import { weatherSettings } from '../../test/weather.js';
import type { TTranslationJob } from '../messages/service.js';
import { fillLinks, planMemory, slotLinks, throughMemory, withLinkSlots } from './memory.js';
import { claim } from './memory-repo.js';
import { createStationTranslation } from './station-chains.js';
import { runTranslationJob, type TTranslationWorkerDeps } from './worker.js';

/** While the Special Weather Statement for the Moses Lake area (WAZ034) is in effect. */
const DURING_STATEMENT = new Date('2024-12-09T18:00:00Z');
const LANGUAGES: TLanguageCode[] = ['en', 'fr', 'de'];

type TCall = { text: string; to: string };
const calls: TCall[] = [];
/** While set, the engine holds every call until it resolves (the test opens it). */
let gate: Promise<void> | undefined;

const counting: TTranslationProvider = {
  name: 'counting',
  memoryKey: 'counting v1',
  supports: () => true,
  async translate({ text, to, glossary }) {
    calls.push({ text, to });
    await gate;
    let out = text;
    for (const entry of entriesIn(text, glossary)) out = out.replaceAll(entry.term, entry.target);
    return `[${to}] ${out}`;
  },
};

const DEEPL_KEY = 'memory-deepl-key-59a1';
const deepl = await startFakeDeepL({ apiKey: DEEPL_KEY });
afterAll(() => deepl.close());
const base = loadConfig(TEST_CONFIG_ENV).translation;
const fake = await startFakeNws();
let published = 0;
/**
 * A new NWS alert for WAZ034 whose event the phrasebook does not name, so its draft goes to the
 * engines in every language (a named event is vetted instead, decision 0050).
 */
function publishAlert() {
  published += 1;
  const feature = nwsFixture('special-weather-statement-wa');
  const id = `${feature.properties.id}.memory${published}`;
  feature.id = `https://api.weather.gov/alerts/${id}`;
  feature.properties.id = id;
  feature.properties.event = 'Beach Hazards Outlook';
  // Each alert its own words: a second alert of the same text would come from the memory.
  feature.properties.headline = `Beach Hazards Outlook number ${published} for the Moses Lake area`;
  fake.clear();
  fake.add(feature);
}
const { app, db, config } = await createTestApp({
  now: () => DURING_STATEMENT,
  translation: counting,
  config: {
    weather: { apiUrl: fake.url, userAgent: 'MessageStationTest/1.2.0', pollSeconds: 60, timeoutMs: 15_000 },
    translation: { ...base, station: { ...base.station, deeplApiUrl: deepl.url } },
  },
});
const deps: TTranslationWorkerDeps = {
  db,
  events: { publish: async () => {} } as never,
  now: () => DURING_STATEMENT,
  translations: createStationTranslation({
    db,
    config: config.translation,
    operator: counting,
    operatorEngines: [counting],
  }),
};

let stations = 0;
/** A station following WAZ034 in en, fr and de, its admin signed in. */
async function station() {
  stations += 1;
  const created = await createStationWithAdmin(db, { slug: `kmem${stations}`, languages: LANGUAGES });
  const admin = new TestClient(app);
  await admin.login(created.adminEmail);
  const saved = await admin.request({
    method: 'PUT',
    url: '/admin/api/weather/settings',
    body: weatherSettings({ zones: [{ id: 'WAZ034', name: 'Moses Lake' }] }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return {
    id: created.station.id,
    admin,
    /** "Check now": the statement becomes this station's draft; answers its message id. */
    async draft(): Promise<string> {
      expect((await admin.post('/admin/api/weather/check')).json()).toMatchObject({ drafted: 1 });
      const [alert] = (await admin.get('/admin/api/weather/alerts')).json().alerts;
      return alert.message.id;
    },
    async write(original: string): Promise<string> {
      const created = await admin.post('/admin/api/messages', {
        title: 'Notice',
        original,
        original_language: 'en',
        target_languages: ['fr', 'de'],
        message_type: 'informational',
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id;
    },
  };
}

/** The pending translation jobs of these messages, as the queue holds them. */
async function jobsOf(stationId: string, messageIds: string[]): Promise<TTranslationJob[]> {
  const rows = await db
    .select()
    .from(messageTranslations)
    .where(
      and(
        eq(messageTranslations.stationId, stationId),
        inArray(messageTranslations.messageId, messageIds),
        eq(messageTranslations.status, 'pending'),
      ),
    );
  return rows.map((row) => ({
    stationId,
    messageId: row.messageId,
    language: row.languageCode,
    revision: row.revision,
  }));
}

const run = (jobs: TTranslationJob[]) =>
  Promise.all(jobs.map((job) => runTranslationJob(deps, job, { retryCount: 0, retryLimit: 0 })));

async function translationsOf(messageId: string) {
  const rows = await db
    .select()
    .from(messageTranslations)
    .where(eq(messageTranslations.messageId, messageId));
  return Object.fromEntries(rows.map((row) => [row.languageCode, row]));
}

const callsFor = (to: string, since = 0) => calls.slice(since).filter((call) => call.to === to).length;

describe('the translation memory', () => {
  it('translates a public weather draft once per language for every station, all at once', async () => {
    publishAlert();
    const all = await Promise.all(Array.from({ length: 6 }, () => station()));
    const drafts: { station: (typeof all)[number]; messageId: string }[] = [];
    // One "Check now" after the other, as each station's admin would.
    for (const s of all) drafts.push({ station: s, messageId: await s.draft() });
    const jobs = (await Promise.all(drafts.map((d) => jobsOf(d.station.id, [d.messageId])))).flat();
    // Every station's draft goes to the engine in French and German: twelve jobs.
    expect(jobs).toHaveLength(12);

    const before = calls.length;
    let open: () => void = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    // All twelve run at once; the engine holds its answers until every job has started.
    const running = run(jobs);
    await waitUntil(
      'both languages at the engine',
      () => callsFor('fr', before) + callsFor('de', before) >= 2,
    );
    open();
    await running;
    gate = undefined;

    expect(callsFor('fr', before)).toBe(1);
    expect(callsFor('de', before)).toBe(1);
    for (const { messageId } of drafts) {
      const rows = await translationsOf(messageId);
      for (const language of ['fr', 'de']) {
        // Recorded as the engine's own answer, with its label: trust reads it the same (decision 0050).
        expect(rows[language]).toMatchObject({
          status: 'completed',
          provider: 'operator:counting',
          review: 'machine',
        });
        expect(rows[language]?.translatedText).toMatch(new RegExp(`^\\[${language}\\] `));
      }
    }
    const [memory] = await db.select().from(translationMemory).where(eq(translationMemory.toLanguage, 'fr'));
    expect(memory).toMatchObject({ scope: 'public', stationId: null, state: 'done', hits: 5 });
  });

  it("never shares a station's own message with another station, but reuses it within the station", async () => {
    const [a, b] = [await station(), await station()];
    const text = `The ${stations} street fair is moved to Sunday.`;
    const before = calls.length;
    const first = await a.write(text);
    await run(await jobsOf(a.id, [first]));
    const other = await b.write(text);
    await run(await jobsOf(b.id, [other]));
    // The same words at another station: its own engine call.
    expect(callsFor('fr', before)).toBe(2);

    // The same words again at the first station (spaces and line ends aside): no engine call.
    const again = await a.write(`  The ${stations}  street fair is moved to Sunday. `);
    await run(await jobsOf(a.id, [again]));
    expect(callsFor('fr', before)).toBe(2);
    expect((await translationsOf(again)).fr).toMatchObject({
      status: 'completed',
      provider: 'operator:counting',
      translatedText: (await translationsOf(first)).fr?.translatedText,
    });
    const scopes = await db
      .select({ scope: translationMemory.scope })
      .from(translationMemory)
      .where(inArray(translationMemory.scope, [a.id, b.id]));
    expect(scopes.filter((row) => row.scope === a.id)).toHaveLength(2);
    expect(scopes.filter((row) => row.scope === b.id)).toHaveLength(2);
  });

  it('misses when the glossary for the text changes, not for a term the text does not have', async () => {
    const a = await station();
    const text = `Oak Avenue is closed for the parade ${stations}.`;
    const save = async (terms: { term: string; translations: Record<string, string> }[]) =>
      expect(
        (await a.admin.request({ method: 'PUT', url: '/admin/api/settings/glossary', body: { terms } }))
          .statusCode,
      ).toBe(200);
    await save([{ term: 'Oak Avenue', translations: { fr: 'avenue des Chênes' } }]);
    const before = calls.length;
    const first = await a.write(text);
    await run(await jobsOf(a.id, [first]));
    expect((await translationsOf(first)).fr?.translatedText).toContain('avenue des Chênes');

    // A term the text does not have: the same translation, from the memory.
    await save([
      { term: 'Oak Avenue', translations: { fr: 'avenue des Chênes' } },
      { term: 'Pine Street', translations: {} },
    ]);
    const second = await a.write(text);
    await run(await jobsOf(a.id, [second]));
    expect(callsFor('fr', before)).toBe(1);

    // Its term's words change: the engine again, with the new words.
    await save([{ term: 'Oak Avenue', translations: { fr: 'rue des Chênes' } }]);
    const third = await a.write(text);
    await run(await jobsOf(a.id, [third]));
    expect(callsFor('fr', before)).toBe(2);
    expect((await translationsOf(third)).fr?.translatedText).toContain('rue des Chênes');
  });

  it("keeps staff's corrections out of the memory: another station gets the engine's words", async () => {
    publishAlert();
    const a = await station();
    const draft = await a.draft();
    const before = calls.length;
    await run(await jobsOf(a.id, [draft]));
    expect(callsFor('fr', before)).toBe(1);
    const machine = (await translationsOf(draft)).fr?.translatedText;
    const corrected = await a.admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${draft}/translations/fr`,
      body: { translated_text: 'Correction du personnel de la station A.' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);

    const b = await station();
    const other = await b.draft();
    await run(await jobsOf(b.id, [other]));
    expect(callsFor('fr', before)).toBe(1);
    expect((await translationsOf(other)).fr?.translatedText).toBe(machine);
    // The correction stays the first station's, untouched by the memory.
    expect((await translationsOf(draft)).fr).toMatchObject({
      review: 'corrected',
      translatedText: 'Correction du personnel de la station A.',
    });
    const memory = await db.select().from(translationMemory);
    expect(memory.some((row) => row.translatedText?.includes('Correction du personnel'))).toBe(false);
  });

  it("is only as trusted as the engine that wrote it, by the station's settings of now", async () => {
    const [a, b] = [await station(), await station()];
    const engines = (body: unknown[]) =>
      a.admin.request({ method: 'PUT', url: '/admin/api/settings/translation', body: { engines: body } });
    expect((await engines([{ engine: 'deepl', api_key: DEEPL_KEY, trusted: true }])).statusCode).toBe(200);
    const text = `Road work on the ${stations} bridge starts Monday.`;
    const sourceOf = async (messageId: string) =>
      (await a.admin.get('/admin/api/messages'))
        .json()
        .find((m: { id: string }) => m.id === messageId)
        ?.translations.find((t: { language_code: string }) => t.language_code === 'fr')?.source;
    const deeplCalls = () => deepl.requests.filter((r) => r.path.endsWith('/translate')).length;

    const first = await a.write(text);
    const before = deeplCalls();
    await run(await jobsOf(a.id, [first]));
    expect(deeplCalls() - before).toBe(2);
    expect((await translationsOf(first)).fr?.provider).toBe('station:deepl');
    expect(await sourceOf(first)).toBe('trusted_engine');

    // The station stops trusting its engine: the same text from the memory reads untrusted, as the
    // engine's own answer now does.
    expect((await engines([{ engine: 'deepl', trusted: false }])).statusCode).toBe(200);
    const second = await a.write(text);
    await run(await jobsOf(a.id, [second]));
    expect(deeplCalls() - before).toBe(2);
    expect((await translationsOf(second)).fr?.provider).toBe('station:deepl');
    expect(await sourceOf(second)).toBe(await sourceOf(first));
    expect(await sourceOf(second)).not.toBe('trusted_engine');

    // Another station without that engine: its own (the operator's) engine, never the first's words.
    const callsBefore = calls.length;
    const other = await b.write(text);
    await run(await jobsOf(b.id, [other]));
    expect(callsFor('fr', callsBefore)).toBe(1);
    expect((await translationsOf(other)).fr?.provider).toBe('operator:counting');
  });

  it('keeps a weather draft that staff edited to the station', async () => {
    publishAlert();
    const a = await station();
    const draft = await a.draft();
    const message = (await a.admin.get('/admin/api/messages'))
      .json()
      .find((m: { id: string }) => m.id === draft);
    const edited = await a.admin.request({
      method: 'PUT',
      url: `/admin/api/messages/${draft}`,
      body: {
        title: message.title,
        original: `${message.original}\n\nOur studio stays open tonight.`,
        original_language: 'en',
        target_languages: ['fr', 'de'],
        message_type: message.message_type,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await run(await jobsOf(a.id, [draft]));
    expect((await translationsOf(draft)).fr?.translatedText).toContain('Our studio stays open tonight.');
    const rows = await db.select().from(translationMemory).where(eq(translationMemory.scope, a.id));
    expect(rows.map((row) => row.toLanguage).sort()).toEqual(['de', 'fr']);
  });

  it('puts links in slots, so a link that differs per station and message still hits', () => {
    const one = withLinkSlots('Read more: https://a.test/alerts/kone/1?lang=en. Stay safe.');
    const two = withLinkSlots('Read more: https://a.test/alerts/ktwo/2?lang=en. Stay safe.');
    expect(one.text).toBe(two.text);
    const stored = slotLinks('Lire plus : https://a.test/alerts/kone/1?lang=en. Restez prudents.', one.links);
    expect(fillLinks(stored as string, two.links)).toBe(
      'Lire plus : https://a.test/alerts/ktwo/2?lang=en. Restez prudents.',
    );
    // An answer that lost the link is not kept.
    expect(slotLinks('Lire plus. Restez prudents.', one.links)).toBeNull();
  });

  it('lets the next job take over the claim of a job that died, and never waits past its deadline', async () => {
    const a = await station();
    const plan = planMemory({
      stationId: a.id,
      isPublic: false,
      text: `A claim left behind ${stations}.`,
      from: 'en',
      to: 'fr',
      engine: { label: 'operator:counting', settings: 'counting v1' },
      glossary: [],
      keep: [],
    });
    // A job claimed the text and died: nobody renews its claim.
    expect(await claim(db, plan, crypto.randomUUID(), 300)).toBe(true);
    let produced = 0;
    const produce = async () => {
      produced += 1;
      return { text: '[fr] pris en charge', engine: 'operator:counting', unknownWords: [], standIn: false };
    };
    const taken = await throughMemory(db, plan, produce, {
      deadline: Date.now() + 20_000,
      leaseMs: 300,
      pollMs: 20,
    });
    expect(taken).toMatchObject({ text: '[fr] pris en charge', hit: false });
    expect(produced).toBe(1);

    // A live claim (renewed by its running job) past the waiter's deadline: a transient failure.
    const busy = planMemory({
      stationId: a.id,
      isPublic: false,
      text: `Still running ${stations}.`,
      from: 'en',
      to: 'fr',
      engine: plan.engine,
      glossary: [],
      keep: [],
    });
    let finish: () => void = () => {};
    const holder = throughMemory(
      db,
      busy,
      () =>
        new Promise((resolve) => {
          finish = () =>
            resolve({ text: '[fr] fini', engine: 'operator:counting', unknownWords: [], standIn: false });
        }),
      { deadline: Date.now() + 20_000, leaseMs: 10_000 },
    );
    await waitUntil(
      'the claim taken',
      async () =>
        (await db.select().from(translationMemory).where(eq(translationMemory.key, busy.key))).length === 1,
    );
    const waiter = throughMemory(db, busy, produce, {
      deadline: Date.now() + 1_000,
      leaseMs: 300,
      pollMs: 20,
    });
    await expect(waiter).rejects.toBeInstanceOf(TranslationError);
    expect(produced).toBe(1);
    finish();
    await expect(holder).resolves.toMatchObject({ text: '[fr] fini' });
    // The next one reads it from the memory.
    await expect(throughMemory(db, busy, produce, { deadline: Date.now() + 1_000 })).resolves.toMatchObject({
      text: '[fr] fini',
      hit: true,
    });
  });
});
