// Crash benchmark: one emergency send to 100,000 subscribers, dispatched by the real
// server (apps/server/dist/main.js) through the real Twilio client to a loopback fake of Twilio's
// API, while the server is killed with SIGKILL and started again ten times during dispatch.
// Prints duplicates (goal 0), missed (goal 0), the provider lookups that resolved in-flight texts,
// and the time to finish. Pacing is off, so each cycle kills the dispatcher at full speed.
//
// Run after `npm run build`:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_crash npm run bench:crash   (PostgreSQL; the
//       database is created and dropped by the benchmark)
//   npm run bench:crash                                                           (embedded PGlite)
// Knobs: BENCH_SUBSCRIBERS (100000), BENCH_KILLS (10), BENCH_KILL_EVERY_MS (4000),
//        BENCH_LEASE_SECONDS (3: how long a restarted node waits for a dead holder's lease on PostgreSQL).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPglite } from '../apps/server/src/db/client.js';
import { smsDeliveries, smsDispatchLanes } from '../apps/server/src/db/schema/index.js';
import { addSubscribers, crowdPhone } from '../apps/server/src/test/crowd.js';
import { createStationWithAdmin, setBilling } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import {
  HttpSession,
  startServerProcess,
  type TServerProcess,
} from '../apps/server/src/test/server-process.js';
import { openFreshDatabase } from './lib.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const KILLS = Number(process.env.BENCH_KILLS ?? 10);
const KILL_EVERY_MS = Number(process.env.BENCH_KILL_EVERY_MS ?? 4000);
const LEASE_SECONDS = Number(process.env.BENCH_LEASE_SECONDS ?? 3);

// A fresh database: the named PostgreSQL database (re)created, or a new PGlite folder.
const pgUrl = process.env.DATABASE_URL;
const fresh = await openFreshDatabase(pgUrl, 'ms-bench-crash-');
const { database, cleanup } = fresh;
let env = fresh.env;
const setupStart = performance.now();
const { station, adminEmail } = await createStationWithAdmin(database.db, { slug: 'bench' });
await setBilling(database.db, station.id, { smsCreditsBalance: 10_000_000 });
await addSubscribers(database.db, station.id, { count: SUBSCRIBERS });
const message = await createMessage(database.db, station.id, {
  title: 'Flood',
  original: 'Flood warning: move to higher ground now.',
  type: 'emergency',
});
if (!pgUrl) await database.close();
const setupMs = performance.now() - setupStart;

const fake = await startFakeTwilio();
// Keep only what the benchmark counts; the fake's request log would hold every form.
const trim = setInterval(() => fake.requests.splice(0), 1000);
env = {
  ...env,
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000002',
  TWILIO_AUTH_TOKEN: 'bench-token',
  TWILIO_FROM_NUMBER: '+15005550006',
  TWILIO_API_BASE_URL: fake.url,
  SMS_RATE_PER_SECOND: '0',
  SMS_LEASE_SECONDS: String(LEASE_SECONDS),
  LOG_LEVEL: 'error',
};

const started = performance.now();
let server: TServerProcess = await startServerProcess(env);
const session = new HttpSession(server.url);
await session.login(adminEmail);
const accepted = await session.request('POST', `/admin/api/messages/${message.id}/send-sms`);
if (accepted.status !== 200) throw new Error(`send refused: ${accepted.text}`);
const acceptedAt = performance.now();

const cycles: { atSent: number; restartMs: number }[] = [];
for (let i = 0; i < KILLS; i++) {
  await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
  if (fake.messages.length >= SUBSCRIBERS) break;
  server.kill('SIGKILL');
  await server.exited;
  const atSent = fake.messages.length;
  const restartStart = performance.now();
  server = await startServerProcess(env);
  cycles.push({ atSent, restartMs: performance.now() - restartStart });
}

// Wait for the last texts, then stop cleanly.
const check = pgUrl ? database : undefined;
for (;;) {
  if (fake.messages.length >= SUBSCRIBERS) {
    if (!check) break;
    const [row] = (
      (await check.db.execute(
        sql`select count(*)::int as n from ${smsDeliveries} where status not in ('sent', 'failed')`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    if (row?.n === 0) break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
const finishedAt = performance.now();
server.kill('SIGTERM');
await server.exited;
clearInterval(trim);

const received = new Map<string, number>();
for (const m of fake.messages) received.set(m.to, (received.get(m.to) ?? 0) + 1);
let duplicates = 0;
for (const n of received.values()) if (n > 1) duplicates += n - 1;
let missed = 0;
for (let i = 0; i < SUBSCRIBERS; i++) if (!received.has(crowdPhone(i))) missed++;

const final = pgUrl ? database : await openPglite(env.DATA_DIR);
const [stats] = (
  (await final.db.execute(sql`
    select count(*) filter (where status = 'sent')::int as sent, sum(reclaimed)::int as resent
    from ${smsDeliveries}`)) as unknown as { rows: { sent: number; resent: number }[] }
).rows;
const [lane] = await final.db.select().from(smsDispatchLanes);
await final.close();
await fake.close();
await cleanup();

const engine = pgUrl ? 'PostgreSQL' : 'PGlite';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `crash benchmark on ${engine}: ${SUBSCRIBERS.toLocaleString('en-US')} recipients, pacing off, lease ${LEASE_SECONDS} s (setup ${seconds(setupMs)})`,
);
console.log(
  `kill -9 / restart cycles  ${cycles.length} (at ${cycles.map((c) => c.atSent.toLocaleString('en-US')).join(', ')} texts sent)`,
);
console.log(`restart (spawn to ready)  ${cycles.map((c) => seconds(c.restartMs)).join(', ')}`);
console.log(`texts accepted by Twilio  ${fake.messages.length.toLocaleString('en-US')}`);
console.log(`duplicates                ${duplicates} (goal 0)`);
console.log(`missed                    ${missed} (goal 0)`);
console.log(`provider lookups          ${fake.listRequests()} (in-flight texts resolved by asking Twilio)`);
console.log(`sent again unconfirmed    ${stats?.resent ?? 0}`);
console.log(`lane takeovers            ${lane?.takeovers ?? 0}`);
console.log(`rows sent                 ${(stats?.sent ?? 0).toLocaleString('en-US')}`);
console.log(
  `time to finish            ${seconds(finishedAt - acceptedAt)} after the send was accepted (${seconds(finishedAt - started)} in all)`,
);
