// Dashboard and activity at station scale: a station with 100,000 subscribers and
// 1,000,000 delivery rows (ten emergency sends to all of them, accepted through the real endpoint
// over the past month, then settled set-based: most delivered, some undelivered, failed or still
// out with the provider, the newest half queued). Then, over real HTTP on loopback, autocannon in
// its own process (50 connections, 20 s) on GET /admin/api/dashboard-stats and
// GET /admin/api/activity?limit=20, signed in as the demo admin.
// Run: npm run bench:dashboard                      (embedded PGlite)
//      DATABASE_URL=postgres://… npm run bench:dashboard   (an empty database)
// BENCH_SUBSCRIBERS, BENCH_DELIVERIES, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RUNS change the size;
// SESSION_CACHE_MS (default 2000, as in production) how long a node may reuse a session it read.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { stations } from '../apps/server/src/db/schema/index.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import { addSubscribers, demoInAllLanguages, openDemoDatabase } from './demo-database.js';
import { signInDemoAdmin } from './sign-in.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DAY_MS = 86_400_000;

// As a production node runs: GETs may use a session read in the last 2 s (decision 0030).
const SESSION_CACHE_MS = process.env.SESSION_CACHE_MS ?? '2000';
const { database, config } = await openDemoDatabase({ SESSION_CACHE_MS });
let clock = new Date();
const app = await buildApp({ config, database, now: () => clock, dispatchInBackground: false });
const { db } = database;
const station = await demoInAllLanguages(db);
await db.update(stations).set({ smsCreditsBalance: 100_000_000 }).where(eq(stations.id, station.id));

const setupStart = performance.now();
await addSubscribers(db, station.id, SUBSCRIBERS);
const { cookies, csrf } = await signInDemoAdmin(app);
const sends = Math.ceil(DELIVERIES / SUBSCRIBERS);
const today = Date.now();
for (let i = 0; i < sends; i++) {
  // Spread over the past month, the newest today.
  clock = new Date(today - (sends - 1 - i) * 3 * DAY_MS);
  const message = await createMessage(db, station.id, {
    title: `Bench send ${i + 1}`,
    original: `Road closed on Main St, notice ${i + 1}.`,
    type: 'emergency',
  });
  const accepted = await app.inject({
    method: 'POST',
    url: `/admin/api/messages/${message.id}/send-sms`,
    cookies,
    headers: { 'x-csrf-token': csrf },
  });
  if (accepted.statusCode !== 200) throw new Error(`send refused: ${accepted.body}`);
}
clock = new Date();
// What the dispatcher and the callbacks would have left, in one statement (the triggers keep the
// rollups as they would for the real writes); half of the newest send still queued.
await db.execute(sql`
  update sms_deliveries set attempts = 1, sent_at = created_at + interval '2 minutes',
    status = case when abs(hashtext(phone)) % 100 < 90 then 'delivered'
                  when abs(hashtext(phone)) % 100 < 94 then 'undelivered'
                  when abs(hashtext(phone)) % 100 < 96 then 'sent'
                  else 'failed' end
  where created_at < ${new Date(today - DAY_MS).toISOString()}::timestamptz
     or abs(hashtext(phone)) % 2 = 0`);
await db.execute(sql`analyze`);
const [{ n: rows } = { n: 0 }] = rowsOf<{ n: number }>(
  await db.execute(sql`select count(*)::int as n from sms_deliveries`),
);
const setupS = (performance.now() - setupStart) / 1000;

await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
const cookieHeader = Object.entries(cookies)
  .map(([k, v]) => `${k}=${v}`)
  .join('; ');

type TResult = {
  requests: { average: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
};

async function load(path: string): Promise<TResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'node_modules/autocannon/autocannon.js',
      '-c',
      String(CONNECTIONS),
      '-d',
      String(SECONDS),
      '-j',
      '-H',
      `cookie=${cookieHeader}`,
      `${base}${path}`,
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as TResult;
}

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `dashboard on ${engine}: ${SUBSCRIBERS.toLocaleString('en-US')} subscribers, ${rows.toLocaleString('en-US')} delivery rows in ${sends} sends (setup ${setupS.toFixed(0)} s)`,
);
console.log(
  `autocannon ${CONNECTIONS} connections, ${SECONDS} s, ${RUNS} runs per endpoint; SESSION_CACHE_MS=${SESSION_CACHE_MS}`,
);
console.log('| endpoint | run | req/s | p50 | p99 | max | errors |');
console.log('|---|---|---|---|---|---|---|');
for (const path of ['/admin/api/dashboard-stats', '/admin/api/activity?limit=20']) {
  const check = await fetch(`${base}${path}`, { headers: { cookie: cookieHeader } });
  if (check.status !== 200) throw new Error(`${path}: ${check.status} ${await check.text()}`);
  for (let run = 1; run <= RUNS; run++) {
    const r = await load(path);
    console.log(
      `| ${path} | ${run} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms | ${r.non2xx + r.errors} |`,
    );
  }
}
await app.close();
await database.close();
