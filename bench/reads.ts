import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { countQueries } from '../apps/server/src/test/query-count.js';
import { autocannon, busyDemoStation } from './demo-database.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? (onPostgres ? 100_000 : 10_000));
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? (onPostgres ? 1_000_000 : 100_000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

const SESSION_CACHE_MS = process.env.SESSION_CACHE_MS ?? '2000';
const { app, database, db, sends, rows, setupS, base, cookieHeader } = await busyDemoStation({
  subscribers: SUBSCRIBERS,
  deliveries: DELIVERIES,
  env: { SESSION_CACHE_MS },
  // Names to search by: "Person 1" … "Person 100000" ("Person 42" matches 1,111 of 100,000).
  beforeSends: async (db, stationId) => {
    await db.execute(sql`
      update sms_contacts set name = 'Person ' || (substring(phone from 6)::int - 2000000)
      where station_id = ${stationId}::uuid and name = 'bench'`);
  },
});

const load = (path: string) =>
  autocannon(`${base}${path}`, { connections: CONNECTIONS, seconds: SECONDS, cookieHeader });

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
