// One NWS alert for a county that BENCH_STATIONS stations follow (decision 0059), through the real
// app: the weather poller (against the loopback NWS of test-support/fake-nws.mjs) drafts the alert
// for every station, in English with es/fr/it/pt to translate, and the translation worker translates
// the drafts with the local Apertium. The alert's event is one the phrasebook does not name, so
// every language goes to the engine. Counts the engine calls per language and times, from the
// app's start (its first poll), until every draft is written and until every draft is translated.
//   after    the translation memory on: one engine call per language is the goal
//   before   the memory off (an engine without a memoryKey): every station's every language
// Knobs: BENCH_STATIONS (1000), BENCH_BEFORE_STATIONS (100; 0 skips "before"),
// BENCH_CONCURRENCY (TRANSLATION_CONCURRENCY, the server's default 4). On embedded PGlite, a fresh
// database per case; DATABASE_URL runs it on PostgreSQL (an empty database, with
// BENCH_BEFORE_STATIONS=0: both cases would share it).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NWS_SEVERITIES } from '@message-station/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import type { Db } from '../apps/server/src/db/client.js';
import {
  messageTranslations,
  translationMemory,
  weatherAlerts,
  weatherSettings,
} from '../apps/server/src/db/schema/index.js';
import { createStation } from '../apps/server/src/modules/station/service.js';
import { createUserWithHash } from '../apps/server/src/modules/users/service.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { createApertiumProvider } from '../apps/server/src/providers/translation/apertium.js';
import type { TTranslationProvider } from '../apps/server/src/providers/translation/types.js';
import { stationCreationSteps } from '../apps/server/src/station-creation.js';
import { NWS_FIXTURES, startFakeNws } from '../test-support/fake-nws.mjs';
import { openDemoDatabase } from './demo-database.js';
import { hasApertium } from './lib.js';
import { describeRun, measured } from './translation-cpu.js';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 1000);
const BEFORE_STATIONS = Number(process.env.BENCH_BEFORE_STATIONS ?? 100);
const concurrency = process.env.BENCH_CONCURRENCY;
const TARGETS = ['es', 'fr', 'it', 'pt'] as const;
if (!hasApertium)
  throw new Error('bench:translation-memory needs apertium (Debian: apertium apertium-eng-spa …)');

const nws = await startFakeNws();
let published = 0;

/** A new alert for Coal County (OKC029) in effect for the next hour, of an event nobody vetted. */
function publish() {
  published += 1;
  const feature = JSON.parse(fs.readFileSync(path.join(NWS_FIXTURES, 'tornado-warning-ok.json'), 'utf8'));
  const id = `urn:oid:2.49.0.1.840.0.${randomBytes(20).toString('hex')}.001.${published}`;
  const now = Date.now();
  feature.id = `https://api.weather.gov/alerts/${id}`;
  Object.assign(feature.properties, {
    '@id': feature.id,
    id,
    event: 'Beach Hazards Outlook',
    headline: `Beach Hazards Outlook issued by NWS Norman OK (${published})`,
    sent: new Date(now).toISOString(),
    effective: new Date(now).toISOString(),
    onset: new Date(now).toISOString(),
    expires: new Date(now + 3_600_000).toISOString(),
    ends: new Date(now + 3_600_000).toISOString(),
  });
  nws.clear();
  nws.add(feature);
}

/** `count` stations following Coal County, each in en + es/fr/it/pt, set up by their admin. */
async function makeStations(db: Db, count: number, prefix: string) {
  // One password hash for all: hashing a thousand would time the hash, not the memory.
  const passwordHash = await hashPassword('demo1234');
  for (let i = 0; i < count; i++) {
    const slug = `${prefix}${i}`;
    await db.transaction(async (tx) => {
      const station = await createStation(
        tx,
        { publicUrl: 'http://localhost:3000', steps: stationCreationSteps() },
        {
          slug,
          name: slug.toUpperCase(),
          displayName: `${slug.toUpperCase()} Radio`,
          supportedLanguages: ['en', ...TARGETS],
          smsEnabled: true,
          paymentStatus: 'paid',
          now: new Date(),
        },
      );
      const admin = await createUserWithHash(tx, {
        stationId: station.id,
        email: `admin@${slug}.test`,
        fullName: `${slug} Admin`,
        role: 'admin',
        passwordHash,
      });
      await tx.insert(weatherSettings).values({
        stationId: station.id,
        enabled: true,
        zones: [{ id: 'OKC029', name: 'Coal' }],
        eventTypes: [],
        severities: [...NWS_SEVERITIES],
        autoSendSeverities: [],
        configuredBy: admin.id,
      });
    });
  }
}

/** The real local Apertium (pipelines kept loaded, the node's pool), each call counted per language. */
function countingApertium(remember: boolean) {
  const apertium = createApertiumProvider({}, { timeoutMs: 20_000 });
  const calls: Record<string, number> = {};
  /** Calls that came back with a translation (a call given up in the pool's line never ran). */
  const answered: Record<string, number> = {};
  const texts: Record<string, Set<string>> = {};
  const engine: TTranslationProvider = {
    name: 'apertium',
    ...(remember ? { memoryKey: apertium.memoryKey } : {}),
    supports: (from, to) => apertium.supports(from, to),
    translate: async (request) => {
      calls[request.to] = (calls[request.to] ?? 0) + 1;
      texts[request.to] = texts[request.to] ?? new Set();
      texts[request.to]?.add(request.text);
      const text = await apertium.translate(request);
      answered[request.to] = (answered[request.to] ?? 0) + 1;
      return text;
    },
  };
  return { engine, calls, answered, texts };
}

async function counts(db: Db) {
  const [drafts] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(weatherAlerts)
    .where(isNotNull(weatherAlerts.messageId));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageTranslations)
    .innerJoin(weatherAlerts, eq(weatherAlerts.messageId, messageTranslations.messageId))
    .where(inArray(messageTranslations.status, ['pending']));
  const [done] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageTranslations)
    .innerJoin(weatherAlerts, eq(weatherAlerts.messageId, messageTranslations.messageId))
    .where(and(eq(messageTranslations.status, 'completed')));
  return { drafts: drafts?.n ?? 0, pending: open?.n ?? 0, completed: done?.n ?? 0 };
}

async function runCase(label: string, stations: number, remember: boolean) {
  const { database, config } = await openDemoDatabase({
    NWS_API_URL: nws.url,
    NWS_USER_AGENT: 'MessageStationBench/1.0 (http://127.0.0.1, bench@localhost)',
    ...(concurrency ? { TRANSLATION_CONCURRENCY: concurrency } : {}),
  });
  const { db } = database;
  const setupStart = performance.now();
  await makeStations(db, stations, remember ? 'kmem' : 'kraw');
  const setupSeconds = (performance.now() - setupStart) / 1000;
  publish();
  const { engine, calls, answered, texts } = countingApertium(remember);
  let draftsMs = 0;
  const run = await measured(async () => {
    const start = performance.now();
    const app = await buildApp({ config: { ...config, role: 'all' }, database, translation: engine });
    for (;;) {
      const now = await counts(db);
      if (!draftsMs && now.drafts >= stations) draftsMs = performance.now() - start;
      if (now.drafts >= stations && now.pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const doneMs = performance.now() - start;
    await app.close();
    return doneMs;
  });
  const final = await counts(db);
  const [memory] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      hits: sql<number>`coalesce(sum(${translationMemory.hits}), 0)::int`,
    })
    .from(translationMemory);
  await database.close();
  console.log(`\n${label}: ${stations} stations follow the county (set up in ${setupSeconds.toFixed(1)} s)`);
  console.log(`  drafts written: ${final.drafts} in ${(draftsMs / 1000).toFixed(1)} s from the app's start`);
  console.log(
    `  translations done: ${final.completed} of ${final.drafts * TARGETS.length} in ${(run.result / 1000).toFixed(1)} s from the app's start`,
  );
  console.log(
    `  engine calls per language: ${TARGETS.map((l) => `${l} ${calls[l] ?? 0}`).join(', ')} (goal: 1 each with the memory); answered: ${TARGETS.map((l) => `${l} ${answered[l] ?? 0}`).join(', ')}`,
  );
  console.log(
    `  distinct originals the engine got per language: ${TARGETS.map((l) => `${l} ${texts[l]?.size ?? 0}`).join(', ')}`,
  );
  console.log(`  memory rows ${memory?.rows ?? 0}, hits ${memory?.hits ?? 0}`);
  console.log(`  ${describeRun(run)}`);
}

console.log(
  `translation memory bench (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, TRANSLATION_CONCURRENCY=${concurrency ?? 'default 4'})`,
);
await runCase('after (memory on)', STATIONS, true);
if (BEFORE_STATIONS > 0) await runCase('before (memory off)', BEFORE_STATIONS, false);
await nws.close();
process.exit(0);
