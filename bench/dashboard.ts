import { autocannon, busyDemoStation } from './demo-database.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

// As a production node runs: GETs may use a session read in the last 2 s (decision 0030).
const SESSION_CACHE_MS = process.env.SESSION_CACHE_MS ?? '2000';
const { app, database, sends, rows, setupS, base, cookieHeader } = await busyDemoStation({
  subscribers: SUBSCRIBERS,
  deliveries: DELIVERIES,
  env: { SESSION_CACHE_MS },
});

const load = (path: string) =>
  autocannon(`${base}${path}`, { connections: CONNECTIONS, seconds: SECONDS, cookieHeader });

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
