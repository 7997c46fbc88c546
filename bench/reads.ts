// The admin pages' reads at a station's scale, against the process's floor: a station with
// 100,000 subscribers (named "Person N") and 1,000,000 delivery rows (ten emergency sends to all
// of them, accepted through the real endpoint over the past month, then settled set-based, as in
// bench/dashboard.ts). Over real HTTP on loopback, autocannon in its own process on GET /healthz,
// the dashboard's two reads, the messages list, the SMS contacts list and a name search, in one
// run, each also as a ratio to /healthz; and how many statements each request sends to the
// database, counted at the driver (apps/server/src/test/query-count.ts).
// Run: DATABASE_URL=postgres://… npm run bench:reads   (an empty database; 1,000,000 rows)
//      npm run bench:reads                              (embedded PGlite; 100,000 rows, 10,000 contacts)
// BENCH_SUBSCRIBERS, BENCH_DELIVERIES, BENCH_SECONDS (10), BENCH_CONNECTIONS (20) change the size;
// SESSION_CACHE_MS (default 2000, as in production) how long a node may reuse a session it read.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { rowsOf } from '../apps/server/src/db/rows.js';
import { stations } from '../apps/server/src/db/schema/index.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import { countQueries } from '../apps/server/src/test/query-count.js';
import { addSubscribers, demoInAllLanguages, openDemoDatabase } from './demo-database.js';
import { signInDemoAdmin } from './sign-in.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? (onPostgres ? 100_000 : 10_000));
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? (onPostgres ? 1_000_000 : 100_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DAY_MS = 86_400_000;

const SESSION_CACHE_MS = process.env.SESSION_CACHE_MS ?? '2000';
const { database, config } = await openDemoDatabase({ SESSION_CACHE_MS });
let clock = new Date();
const app = await buildApp({ config, database, now: () => clock, dispatchInBackground: false });
const { db } = database;
const station = await demoInAllLanguages(db);
await db.update(stations).set({ smsCreditsBalance: 100_000_000 }).where(eq(stations.id, station.id));

const setupStart = performance.now();
await addSubscribers(db, station.id, SUBSCRIBERS);
// Names to search by: "Person 1" … "Person 100000" ("Person 42" matches 1,111 of 100,000).
await db.execute(sql`
  update sms_contacts set name = 'Person ' || (substring(phone from 6)::int - 2000000)
  where station_id = ${station.id}::uuid and name = 'bench'`);
const { cookies, csrf } = await signInDemoAdmin(app);
const sends = Math.ceil(DELIVERIES / SUBSCRIBERS);
const today = Date.now();
for (let i = 0; i < sends; i++) {
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
  requests: { average: number; total: number };
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

const PAGES: { label: string; path: string }[] = [
  { label: 'healthz', path: '/healthz' },
  { label: 'dashboard-stats', path: '/admin/api/dashboard-stats' },
  { label: 'activity', path: '/admin/api/activity?limit=20' },
  { label: 'messages list', path: '/admin/api/messages' },
  { label: 'contacts list', path: '/admin/api/sms-contacts?limit=50' },
  { label: 'contacts search "Person 42"', path: '/admin/api/sms-contacts?limit=50&search=Person%2042' },
  { label: 'contacts search phone "2004242"', path: '/admin/api/sms-contacts?limit=50&search=2004242' },
];

// Statements per request, counted at the driver: the first request reads the session (later GETs
// on the node reuse it for SESSION_CACHE_MS), the next ten show the page's own.
const counter = countQueries(db);
const perRequest = new Map<string, { first: number; page: number }>();
for (const { label, path } of PAGES) {
  await new Promise((resolve) => setTimeout(resolve, Number(SESSION_CACHE_MS) + 50));
  counter.reset();
  const check = await fetch(`${base}${path}`, { headers: { cookie: cookieHeader } });
  if (check.status !== 200) throw new Error(`${path}: ${check.status} ${await check.text()}`);
  await check.arrayBuffer();
  const first = counter.count;
  counter.reset();
  for (let i = 0; i < 10; i++)
    await (await fetch(`${base}${path}`, { headers: { cookie: cookieHeader } })).arrayBuffer();
  perRequest.set(label, { first, page: counter.count / 10 });
}
counter.stop();

const engine = onPostgres ? 'PostgreSQL' : 'PGlite';
console.log(
  `reads on ${engine}: ${SUBSCRIBERS.toLocaleString('en-US')} subscribers, ${rows.toLocaleString('en-US')} delivery rows in ${sends} sends (setup ${setupS.toFixed(0)} s)`,
);
console.log(
  `autocannon ${CONNECTIONS} connections, ${SECONDS} s per page; SESSION_CACHE_MS=${SESSION_CACHE_MS}; load average before: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
// Server CPU per request: this process's user + system time over the run (on PGlite the database
// too; PostgreSQL's own processes are not in it), steadier than req/s on a shared machine.
console.log(
  '| page | req/s | × healthz | p50 | p99 | max | errors | server CPU per request | statements (first / cached session) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
let healthz = 0;
for (const { label, path } of PAGES) {
  const cpu = process.cpuUsage();
  const r = await load(path);
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / Math.max(1, r.requests.total);
  if (label === 'healthz') healthz = r.requests.average;
  const queries = perRequest.get(label);
  console.log(
    `| ${label} | ${Math.round(r.requests.average).toLocaleString('en-US')} | ${(r.requests.average / healthz).toFixed(2)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms | ${r.non2xx + r.errors} | ${cpuMs.toFixed(2)} ms | ${queries?.first} / ${queries?.page} |`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await app.close();
await database.close();
