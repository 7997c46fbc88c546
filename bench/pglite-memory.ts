// The embedded database's memory and stalls, on the built server as `npm start` runs it:
// `node apps/server/dist/main.js` with NODE_ENV=development on a new temporary data folder, so it
// creates the database, migrates, seeds the demo and prints the logins. Measures the server's
// resident memory (VmRSS; VmHWM is its peak) when /healthz first answers, 30 s later at rest, and
// after a restart on the same folder; then autocannon on GET /admin/api/dashboard-stats signed in
// as the demo admin (50 connections, 20 s): req/s, p50/p99/max and the requests slower than 500 ms.
// Builds nothing: run `npm run build` first. BENCH_SERVER_MAIN runs another build of the server.
// The server gets the allocator settings `npm start` gives it (scripts/server-env.mjs, decision
// 0063); BENCH_SERVER_ENV="NAME=value,…" adds or replaces some (an empty value removes one).
// BENCH_IDLE_S (30) and BENCH_LOAD_S (20; 0 skips the load) change the durations.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, HttpSession, SERVER_MAIN } from '../apps/server/src/test/server-process.js';
import { benchServerEnv } from './server-env.js';

const SERVER = process.env.BENCH_SERVER_MAIN ?? SERVER_MAIN;
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 30);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_LOAD_S ?? 20);
const serverEnv = benchServerEnv();
const SLOW_MS = 500;

if (!fs.existsSync(SERVER)) throw new Error(`${SERVER} is missing: run \`npm run build\` first.`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-memory-'));

type TMemory = { rssMb: number; hwmMb: number };

function memoryOf(pid: number): TMemory | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/** The processes the server started (the initdb child on a first start). */
function childrenOf(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

type TServer = { child: ChildProcess; url: string; startS: number; peakTreeMb: number };

/** Starts the server and waits for /healthz, sampling the RSS of it and its children meanwhile. */
async function start(): Promise<TServer> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      DEV_TOOLS: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...serverEnv,
    },
    // Its errors go to ours; the demo logins it prints are left out.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = child.pid as number;
  let peakTreeMb = 0;
  const sample = setInterval(() => {
    const tree = [pid, ...childrenOf(pid)].map((p) => memoryOf(p)?.rssMb ?? 0);
    peakTreeMb = Math.max(
      peakTreeMb,
      tree.reduce((a, b) => a + b, 0),
    );
  }, 50);
  const url = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited while starting (its errors are above)');
      if (performance.now() - started > 120_000) {
        child.kill('SIGKILL');
        throw new Error('no /healthz in 120 s');
      }
      const ok = await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    clearInterval(sample);
  }
  return { child, url, startS: (performance.now() - started) / 1000, peakTreeMb };
}

async function stop(server: TServer) {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

const mb = (n: number | undefined) => (n === undefined ? '?' : `${Math.round(n)} MB`);
const rows: string[] = [];
const row = (what: string, m: TMemory | undefined, note = '') =>
  rows.push(`| ${what} | ${mb(m?.rssMb)} | ${mb(m?.hwmMb)} | ${note} |`);

// First start: initdb, migrations, demo seed.
const first = await start();
row(
  'first start, ready',
  memoryOf(first.child.pid as number),
  `ready in ${first.startS.toFixed(1)} s; peak of server + children ${mb(first.peakTreeMb)}`,
);
await new Promise((r) => setTimeout(r, IDLE_S * 1000));
row(`first start, ${IDLE_S} s idle`, memoryOf(first.child.pid as number));
await stop(first);

// Restart on the same folder, then the load.
const second = await start();
const pid = second.child.pid as number;
row('restart, ready', memoryOf(pid), `ready in ${second.startS.toFixed(1)} s`);

let loadLine = '';
if (SECONDS > 0) {
  const admin = new HttpSession(second.url);
  await admin.login('admin@demo.test');
  const target = `${second.url}/admin/api/dashboard-stats`;
  const check = await fetch(target, { headers: { cookie: admin.cookieHeader() } });
  if (check.status !== 200)
    throw new Error(`dashboard-stats answered ${check.status}: ${await check.text()}`);

  let slow = 0;
  const instance = autocannon({
    url: target,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie: admin.cookieHeader() },
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => {
    if (ms > SLOW_MS) slow++;
  });
  const result = await instance;
  row(`after ${SECONDS} s of load`, memoryOf(pid));
  loadLine = `| ${Math.round(result.requests.average).toLocaleString('en-US')} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.latency.max} ms | ${slow} of ${result.requests.total.toLocaleString('en-US')} | ${result.non2xx + result.errors} |`;
}
await stop(second);
fs.rmSync(dataDir, { recursive: true, force: true });

console.log(
  `PGlite server memory (${path.relative(process.cwd(), SERVER)}), server env ${JSON.stringify(serverEnv)}`,
);
console.log(
  `load average (1/5/15 min) at the end: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}`,
);
console.log('| moment | RSS | peak RSS (VmHWM) | note |');
console.log('|---|---|---|---|');
for (const line of rows) console.log(line);
if (loadLine) {
  console.log('');
  console.log(`GET /admin/api/dashboard-stats, autocannon ${CONNECTIONS} connections, ${SECONDS} s`);
  console.log(`| req/s | p50 | p99 | max | slower than ${SLOW_MS} ms | errors |`);
  console.log('|---|---|---|---|---|---|');
  console.log(loadLine);
}
