// Live streams and the memory a node gets back (decision 0063): the built server
// (`apps/server/dist/main.js`, on a new embedded database, or PostgreSQL with DATABASE_URL) holds
// BENCH_STREAMS (15,000) SSE streams of `/admin/api/messages/stream`, opened from this process over
// loopback (so the clients' memory is not the server's); staff of each station then create
// BENCH_EVENTS (3) messages one after another, so every stream carries that many message_created
// events; then every client drops its stream as a closed tab does. The server's resident memory (/proc VmRSS, its [heap] and other anonymous
// mappings) and V8's heap (its /metrics) are read before the streams, with them all open, and
// BENCH_AFTER_S (30) seconds after they closed.
//
// The server gets the allocator settings the project's start script and image give it
// (scripts/server-env.mjs); BENCH_SERVER_ENV="NAME=value,NAME=value" adds or replaces some (an
// empty value removes one), to compare them. BENCH_SERVER_MAIN runs another build of the server.
// DATABASE_URL: on PostgreSQL (a database of its own; the stations it makes are left in it), which
// keeps PGlite's memory out of the figures. Builds nothing: run `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { COOKIE_NAMES, CSRF_HEADER } from '@message-station/shared';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { createStation } from '../apps/server/src/modules/station/service.js';
import { createUserWithHash } from '../apps/server/src/modules/users/service.js';
import { hashPassword } from '../apps/server/src/platform/passwords.js';
import { createSession } from '../apps/server/src/platform/session.js';
import { stationCreationSteps } from '../apps/server/src/station-creation.js';
import { freePort, SERVER_MAIN } from '../apps/server/src/test/server-process.js';
import { benchServerEnv } from './server-env.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 15_000);
const AFTER_S = Number(process.env.BENCH_AFTER_S ?? 30);
/** A last look this much later again (V8 may not have collected the streams' garbage at AFTER_S). */
const LATE_S = Number(process.env.BENCH_LATE_S ?? 60);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 3);
const PASSWORD = 'bench-sse-memory';
/** What the server lets a session, a user and a station open on a node (platform/sse.ts). */
const PER_SESSION = 10;
const PER_USER = 30;
const PER_STATION = 200;
/** Streams being opened at once. */
const OPENING = 100;

const databaseUrl = process.env.DATABASE_URL;
const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'sse-memory-'));

// Stations, users and sessions made directly (no sign-in per client): one password hash for all.
const setupStart = performance.now();
const database: Database = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(dataDir);
await database.migrate();
const passwordHash = await hashPassword(PASSWORD);
const tokens: string[] = [];
/** A session of one member of each station, who creates its messages. */
const staff: string[] = [];
const run = Date.now().toString(36);
for (let s = 0; tokens.length * PER_SESSION < STREAMS; s++) {
  const station = await createStation(
    database.db,
    { publicUrl: 'http://localhost', steps: stationCreationSteps() },
    {
      slug: `sse${run}${s}`,
      name: `SSE ${s}`,
      displayName: `SSE ${s}`,
      supportedLanguages: ['en'],
      now: new Date(),
    },
  );
  const wanted = Math.min(PER_STATION, STREAMS - tokens.length * PER_SESSION);
  for (let u = 0; u * PER_USER < wanted; u++) {
    const user = await createUserWithHash(database.db, {
      stationId: station.id,
      email: `u${u}@sse${run}${s}.test`,
      passwordHash,
      fullName: `User ${u}`,
      role: 'admin',
    });
    const sessions = Math.ceil(Math.min(PER_USER, wanted - u * PER_USER) / PER_SESSION);
    for (let i = 0; i < sessions; i++) {
      tokens.push((await createSession(database.db, { userId: user.id, now: new Date() })).token);
      if (u === 0 && i === 0)
        staff.push((await createSession(database.db, { userId: user.id, now: new Date() })).token);
    }
  }
}
await database.close();
const setupS = (performance.now() - setupStart) / 1000;

const serverEnv = benchServerEnv();
const main = process.env.BENCH_SERVER_MAIN ?? SERVER_MAIN;
if (!fs.existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first.`);
const port = await freePort();
const child = spawn(process.execPath, [main], {
  env: {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'development',
    DEV_TOOLS: 'true',
    SEED_DEMO: 'false',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir as string }),
    ...serverEnv,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
process.on('exit', () => child.kill('SIGKILL'));
const server = { url: `http://127.0.0.1:${port}`, pid: child.pid as number };
for (let waited = 0; ; waited += 100) {
  if (child.exitCode !== null) throw new Error('the server exited while starting (its errors are above)');
  if (waited > 120_000) throw new Error('no /healthz in 120 s');
  if (
    await fetch(`${server.url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 100));
}

type TMemory = { rss: number; heapSegment: number; otherAnon: number; v8Used: number; v8Total: number };

/** The server's resident memory by kind (MB), and V8's heap as its /metrics reports it. */
async function memory(): Promise<TMemory> {
  const smaps = fs.readFileSync(`/proc/${server.pid}/smaps`, 'utf8');
  let heapSegment = 0;
  let otherAnon = 0;
  let current = '';
  for (const line of smaps.split('\n')) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      current = mapping[1] ?? '';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (!rss) continue;
    const kb = Number(rss[1]);
    if (current === '[heap]') heapSegment += kb;
    else if (current === '') otherAnon += kb;
  }
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? Number.NaN);
  return {
    rss: rss / 1024,
    heapSegment: heapSegment / 1024,
    otherAnon: otherAnon / 1024,
    v8Used: gauge('nodejs_heap_size_used_bytes') / 1024 / 1024,
    v8Total: gauge('nodejs_heap_size_total_bytes') / 1024 / 1024,
  };
}

/** A session made directly (no sign-in, whose rate limit 75 stations would meet): its CSRF token, then how it creates a message. */
async function staffSession(token: string) {
  const cookies = new Map<string, string>([[COOKIE_NAMES.session, token]]);
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const answer = await fetch(`${server.url}/auth/session`, { headers: { cookie: cookie() } });
  await answer.text();
  for (const line of answer.headers.getSetCookie()) {
    const pair = line.split(';')[0] ?? '';
    cookies.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1));
  }
  return (message: object) =>
    fetch(`${server.url}/admin/api/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookie(),
        [CSRF_HEADER]: cookies.get(COOKIE_NAMES.csrf) ?? '',
      },
      body: JSON.stringify(message),
    });
}

/** message_created events received over all streams. */
let received = 0;

/** Opens one stream and resolves once its first event arrived, with how to drop it. */
function open(token: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/admin/api/messages/stream',
        headers: { cookie: `${COOKIE_NAMES.session}=${token}` },
        agent: false,
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          return;
        }
        response.once('data', () => resolve(() => request.destroy()));
        response.setEncoding('utf8').on('data', (text: string) => {
          received += text.split('event: message_created').length - 1;
        });
      },
    );
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

const settle = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

await settle(5);
const before = await memory();
const openStart = performance.now();
const drops: (() => void)[] = [];
let next = 0;
await Promise.all(
  Array.from({ length: OPENING }, async () => {
    while (next < STREAMS) {
      const i = next++;
      drops.push(await open(tokens[Math.floor(i / PER_SESSION)] as string));
    }
  }),
);
const openS = (performance.now() - openStart) / 1000;
// Events: each station's staff member creates EVENTS messages; every stream hears each one.
const creators = await Promise.all(staff.map((token) => staffSession(token)));
const eventsStart = performance.now();
for (let round = 1; round <= EVENTS; round++) {
  await Promise.all(
    creators.map(async (session) => {
      const created = await session({
        title: `Live ${round}`,
        original: 'Choir practice moves to the hall.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'informational',
      });
      if (created.status !== 201)
        throw new Error(`create refused: ${created.status} ${await created.text()}`);
    }),
  );
}
while (received < STREAMS * EVENTS && performance.now() - eventsStart < 300_000) await settle(0.2);
const eventsS = (performance.now() - eventsStart) / 1000;
await settle(2);
const open15k = await memory();
const loadOpen = loadAverage();
for (const drop of drops) drop();
drops.length = 0;
await settle(AFTER_S);
const after = await memory();
await settle(LATE_S);
const late = await memory();
const loadAfter = loadAverage();

const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });

const mb = (n: number) => `${Math.round(n)} MB`;
const line = (what: string, m: TMemory) =>
  `| ${what} | ${mb(m.rss)} | ${mb(m.heapSegment)} | ${mb(m.otherAnon)} | ${mb(m.v8Used)} of ${mb(m.v8Total)} |`;
console.log(
  `SSE streams and server memory: ${STREAMS.toLocaleString('en-US')} streams on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, server env ${JSON.stringify(serverEnv)}`,
);
console.log(
  `setup ${setupS.toFixed(0)} s; opened in ${openS.toFixed(1)} s; ${received.toLocaleString('en-US')} of ${(STREAMS * EVENTS).toLocaleString('en-US')} message_created events received in ${eventsS.toFixed(1)} s; load average (1/5/15 min) ${loadOpen} with the streams open, ${loadAfter} at the end`,
);
console.log('| moment | RSS | [heap] (main malloc arena) | other anonymous | V8 heap used of total |');
console.log('|---|---|---|---|---|');
console.log(line('before the streams', before));
console.log(line(`${STREAMS.toLocaleString('en-US')} streams open, after the events`, open15k));
console.log(line(`${AFTER_S} s after they closed`, after));
console.log(line(`${AFTER_S + LATE_S} s after they closed`, late));
console.log(
  `RSS after / before: ×${(after.rss / before.rss).toFixed(2)} at ${AFTER_S} s, ×${(late.rss / before.rss).toFixed(2)} at ${AFTER_S + LATE_S} s (goal ≤ ×1.5)`,
);
