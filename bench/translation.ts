// How fast queued translations finish, through the real app: messages created with
// POST /admin/api/messages, translated by the real worker on pg-boss, timed until every row is
// completed. Cases:
//   apertium   50 messages × es/fr/it/pt with the local Apertium (when installed), before and
//              after decision 0059: before, the command started for every text and as many at
//              once as the worker takes; after, the pipelines kept loaded, at most one per core
//              but one at once. Wall time, CPU of node and of the processes it started, load.
//   cloud      one message in eight languages on a loopback DeepL (real client, 300 ms per call)
//   emergency  an emergency created behind 200 queued cloud translations: when its are done
// BENCH_CONCURRENCY sets TRANSLATION_CONCURRENCY (default: the server's default, 4);
// BENCH_MESSAGES the Apertium case's messages (50); BENCH_BEFORE=false skips its slow "before";
// DATABASE_URL runs it on PostgreSQL (use an empty database).
import { performance } from 'node:perf_hooks';
import { and, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { messageTranslations } from '../apps/server/src/db/schema/index.js';
import { createApertiumProvider } from '../apps/server/src/providers/translation/apertium.js';
import { defaultOfflinePoolSize } from '../apps/server/src/providers/translation/offline-pool.js';
import type { TTranslationProvider } from '../apps/server/src/providers/translation/types.js';
import { startFakeDeepL } from '../apps/server/src/test/fake-translation-servers.js';
import { demoInAllLanguages, openDemoDatabase } from './demo-database.js';
import { hasApertium, SENTENCES } from './lib.js';
import { signInDemoAdmin } from './sign-in.js';
import { describeRun, measured } from './translation-cpu.js';

const LATENCY_MS = 300;
const concurrency = process.env.BENCH_CONCURRENCY;
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 50);
const BEFORE = process.env.BENCH_BEFORE !== 'false';

const deepl = await startFakeDeepL({ apiKey: 'bench-key', latencyMs: LATENCY_MS });

async function startApp(providers: string, translation?: TTranslationProvider) {
  const { database, config } = await openDemoDatabase({
    TRANSLATION_PROVIDERS: providers,
    DEEPL_API_KEY: 'bench-key',
    DEEPL_API_URL: deepl.url,
    ...(concurrency ? { TRANSLATION_CONCURRENCY: concurrency } : {}),
  });
  const app = await buildApp({ config, database, translation });
  const { db } = database;
  await demoInAllLanguages(db);
  const { cookies, csrf } = await signInDemoAdmin(app);
  const create = async (original: string, type: string, targets: string[]) => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/api/messages',
      cookies,
      headers: { 'x-csrf-token': csrf },
      payload: {
        title: original.slice(0, 40),
        original,
        original_language: 'en',
        target_languages: targets,
        message_type: type,
      },
    });
    if (response.statusCode !== 201)
      throw new Error(`create answered ${response.statusCode}: ${response.body}`);
    return response.json().id as string;
  };
  /** Waits until every translation of `messageIds` is done; returns the milliseconds since `start`. */
  const done = async (messageIds: string[], start: number) => {
    for (;;) {
      const [row] = await db
        .select({ open: sql<number>`count(*) filter (where ${messageTranslations.status} = 'pending')::int` })
        .from(messageTranslations)
        .where(and(inArray(messageTranslations.messageId, messageIds)));
      if (row?.open === 0) return performance.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    create,
    done,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const results: Record<string, string> = {};

if (hasApertium) {
  const variants = [
    ...(BEFORE
      ? [
          {
            label: 'before: the command for every text, no pool',
            engine: createApertiumProvider({}, { timeoutMs: 20_000, keepLoaded: false, pool: null }),
          },
        ]
      : []),
    {
      label: `after: pipelines kept loaded, ${defaultOfflinePoolSize()} at once`,
      engine: createApertiumProvider({}, { timeoutMs: 20_000 }),
    },
  ];
  for (const { label, engine } of variants) {
    const bench = await startApp('apertium', engine);
    const run = await measured(async () => {
      const start = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < MESSAGES; i++)
        ids.push(await bench.create(`${SENTENCES[i % 5]} (${i})`, 'informational', ['es', 'fr', 'it', 'pt']));
      return bench.done(ids, start);
    });
    results[`apertium ${label}: ${MESSAGES} messages × 4 languages, all done`] = describeRun(run);
    await bench.close();
  }
} else {
  results.apertium = 'skipped (apertium not installed)';
}

{
  const bench = await startApp('deepl');
  const eight = ['es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'];
  const start = performance.now();
  const id = await bench.create(SENTENCES[2] ?? '', 'alert', eight);
  results[`cloud (${LATENCY_MS} ms per call): one message in 8 languages, all done`] =
    `${((await bench.done([id], start)) / 1000).toFixed(2)} s`;

  const backlog: string[] = [];
  for (let i = 0; i < 25; i++)
    backlog.push(await bench.create(`${SENTENCES[i % 5]} (${i})`, 'informational', eight));
  const urgentStart = performance.now();
  const urgent = await bench.create('Evacuate the riverside now.', 'emergency', eight);
  results['emergency (8 languages) behind 200 queued translations, its done'] =
    `${((await bench.done([urgent], urgentStart)) / 1000).toFixed(2)} s`;
  results['… and the 200 queued before it, all done'] =
    `${((await bench.done(backlog, urgentStart)) / 1000).toFixed(1)} s`;
  await bench.close();
}
await deepl.close();

console.log(
  `translation bench (TRANSLATION_CONCURRENCY=${concurrency ?? 'default 4'}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
);
for (const [name, value] of Object.entries(results)) console.log(`  ${name}: ${value}`);
process.exit(0);
