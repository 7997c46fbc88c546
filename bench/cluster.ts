// The cluster at scale, with real server processes on one PostgreSQL:
// 1. dispatch, pacing off: one worker, then two, draining the same number of texts on two sending
//    lanes (two stations with their own senders) through the real Twilio client to a loopback fake;
// 2. accept: a send to BENCH_BASE subscribers, then to BENCH_SUBSCRIBERS, through an api node
//    (no worker runs, so nothing dispatches meanwhile): the time and its growth;
// 3. live pages: BENCH_STREAMS SSE clients spread over two api nodes; staff create a message on
//    one node in each station; the time from the request to each client's event.
// Run: npm run build && DATABASE_URL=postgres://… npm run bench:cluster   (an empty database)
import { performance } from 'node:perf_hooks';
import { COOKIE_NAMES, LANGUAGES } from '@message-station/shared';
import { eq, sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.js';
import { stationSending, users } from '../apps/server/src/db/schema/index.js';
import { seedDemo } from '../apps/server/src/db/seed.js';
import { createSession } from '../apps/server/src/platform/session.js';
import { EventStreamReader } from '../apps/server/src/test/event-stream.js';
import { createStationWithAdmin, setBilling } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import {
  HttpSession,
  startServerProcess,
  type TServerProcess,
} from '../apps/server/src/test/server-process.js';
import { addSubscribers, demoInAllLanguages } from './demo-database.js';
import { summarize } from './lib.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:cluster runs on PostgreSQL: set DATABASE_URL to an empty database');
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1_000_000);
const BASE = Number(process.env.BENCH_BASE ?? 100_000);
const DISPATCH_TEXTS = Number(process.env.BENCH_DISPATCH_TEXTS ?? 40_000);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5_000);
/** What the server lets one session and one station open on a node (platform/sse.ts). */
const STREAMS_PER_SESSION = 10;
const STREAMS_PER_STATION_PER_NODE = 200;

const database = await openPostgres(url);
await database.migrate();
const { db } = database;
await seedDemo(db, 'http://localhost');
const fake = await startFakeTwilio();
// The fake keeps what it received; only the count matters here.
const drain = setInterval(() => {
  fake.requests.splice(0);
  fake.messages.splice(0);
}, 1000);
const nodeEnv = {
  DATABASE_URL: url,
  LOG_LEVEL: 'warn',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000008',
  TWILIO_AUTH_TOKEN: 'bench-cluster',
  TWILIO_FROM_NUMBER: '+15005550006',
  TWILIO_API_BASE_URL: fake.url,
  SMS_RATE_PER_SECOND: '0',
};
const started: TServerProcess[] = [];
// A failure half-way must not leave servers running.
process.on('exit', () => {
  for (const server of started) server.kill('SIGKILL');
});
const node = async (role: 'api' | 'worker') => {
  const server = await startServerProcess(nodeEnv, ['--role', role]);
  started.push(server);
  return server;
};
const stop = async (servers: TServerProcess[]) => {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
};
const count = async (where: ReturnType<typeof sql>) => {
  const result = await db.execute(sql`select count(*)::int as n from sms_deliveries where ${where}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
};
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

// 1. Dispatch: two stations with their own senders (two lanes), half the texts each.
const lanes = await Promise.all(
  ['kbench1', 'kbench2'].map(async (slug, i) => {
    const created = await createStationWithAdmin(db, { slug });
    await setBilling(db, created.station.id, { smsCreditsBalance: 10_000_000 });
    await db
      .update(stationSending)
      .set({ smsSender: `MG${String(i).repeat(32)}` })
      .where(eq(stationSending.stationId, created.station.id));
    await addSubscribers(db, created.station.id, DISPATCH_TEXTS / 2, 1 + i * DISPATCH_TEXTS);
    return created;
  }),
);
const api = await node('api');
const sendAll = async (title: string) => {
  for (const lane of lanes) {
    const staff = new HttpSession(api.url);
    await staff.login(lane.adminEmail);
    const message = await createMessage(db, lane.station.id, {
      title,
      original: `${title}.`,
      type: 'emergency',
    });
    const sent = await staff.request('POST', `/admin/api/messages/${message.id}/send-sms`);
    if (sent.status !== 200) throw new Error(`send refused: ${sent.text}`);
  }
};
const dispatchWith = async (workers: number) => {
  await sendAll(`Dispatch with ${workers}`);
  const running = await Promise.all(Array.from({ length: workers }, () => node('worker')));
  // From the first text sent (the workers' start-up is not the dispatch) to the last.
  let first: { at: number; open: number } | undefined;
  for (;;) {
    const open = await count(sql`status in ('queued', 'claimed', 'submitting')`);
    if (!first && open < DISPATCH_TEXTS) first = { at: performance.now(), open };
    if (open === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - (first?.at ?? 0)) / 1000;
  await stop(running);
  return (first?.open ?? 0) / seconds;
};
const oneWorker = await dispatchWith(1);
const twoWorkers = await dispatchWith(2);

// 2. Accept on the demo station in nine languages: BASE subscribers, then SUBSCRIBERS.
const demo = await demoInAllLanguages(db);
await setBilling(db, demo.id, { smsCreditsBalance: 100_000_000 });
const translations = Object.fromEntries(
  LANGUAGES.filter((l) => l.code !== 'en').map((l) => [l.code, `[${l.code}] Boil water before drinking.`]),
);
const admin = new HttpSession(api.url);
await admin.login('admin@demo.test');
const acceptAt = async (size: number, have: number) => {
  const setup = performance.now();
  await addSubscribers(db, demo.id, size - have, have + 1);
  await db.execute(sql`analyze sms_contacts; analyze sms_contact_preferences`);
  const setupSeconds = (performance.now() - setup) / 1000;
  const message = await createMessage(db, demo.id, {
    title: `Accept ${size}`,
    original: 'Boil water before drinking.',
    type: 'emergency',
    translations,
  });
  const start = performance.now();
  const sent = await admin.request('POST', `/admin/api/messages/${message.id}/send-sms`);
  const ms = performance.now() - start;
  if (sent.status !== 200) throw new Error(`send refused: ${sent.text}`);
  return { ms, recipients: sent.json().sent_count as number, setupSeconds };
};
const small = await acceptAt(BASE, 0);
const large = await acceptAt(SUBSCRIBERS, BASE);

// 3. Live pages: stations of staff with sessions made directly (no sign-in per client).
const second = await node('api');
const perStation = STREAMS_PER_STATION_PER_NODE * 2;
const stationCount = Math.ceil(STREAMS / perStation);
const clients: { reader: EventStreamReader; station: string }[] = [];
const creators: { station: string; session: HttpSession }[] = [];
const openStart = performance.now();
for (let s = 0; s < stationCount; s++) {
  const created = await createStationWithAdmin(db, { slug: `klive${s}` });
  const [user] = await db.select().from(users).where(eq(users.email, created.adminEmail));
  const want = Math.min(perStation, STREAMS - s * perStation);
  const tokens: string[] = [];
  for (let i = 0; i < Math.ceil(want / STREAMS_PER_SESSION); i++) {
    tokens.push((await createSession(db, { userId: user?.id as string, now: new Date() })).token);
  }
  const opened = await Promise.all(
    Array.from({ length: want }, (_, i) =>
      EventStreamReader.open([api, second][i % 2]?.url as string, '/admin/api/messages/stream', {
        cookieHeader: () => `${COOKIE_NAMES.session}=${tokens[Math.floor(i / STREAMS_PER_SESSION)]}`,
      }),
    ),
  );
  await Promise.all(opened.map((reader) => reader.next((e) => e.event === 'connected')));
  for (const reader of opened) clients.push({ reader, station: created.station.id });
  const session = new HttpSession(api.url);
  await session.login(created.adminEmail);
  creators.push({ station: created.station.id, session });
}
const openSeconds = (performance.now() - openStart) / 1000;
const latencies: number[] = [];
await Promise.all(
  creators.map(async ({ station, session }) => {
    const start = performance.now();
    const arrivals = clients
      .filter((c) => c.station === station)
      .map(({ reader }) =>
        reader
          .next((e) => e.event === 'message_created')
          .then(() => latencies.push(performance.now() - start)),
      );
    const created = await session.request('POST', '/admin/api/messages', {
      title: 'Live',
      original: 'Choir practice moves to the hall.',
      original_language: 'en',
      target_languages: ['es'],
      message_type: 'informational',
    });
    if (created.status !== 201) throw new Error(`create refused: ${created.text}`);
    await Promise.all(arrivals);
  }),
);
for (const { reader } of clients) reader.close();
const live = summarize(latencies);

console.log(`cluster on PostgreSQL, real server processes (${new Date().toISOString().slice(0, 10)})`);
console.log(
  `dispatch, pacing off   one worker ${fmt(oneWorker)} SMS/s, two workers ${fmt(twoWorkers)} SMS/s (×${(twoWorkers / oneWorker).toFixed(2)}; ${fmt(DISPATCH_TEXTS)} texts on two lanes)`,
);
console.log(
  `accept                 ${fmt(small.recipients)} recipients ${fmt(small.ms)} ms; ${fmt(large.recipients)} recipients ${fmt(large.ms)} ms (×${(large.ms / small.ms).toFixed(1)} for ×${(large.recipients / small.recipients).toFixed(1)} recipients; setup ${small.setupSeconds.toFixed(0)} + ${large.setupSeconds.toFixed(0)} s)`,
);
console.log(
  `live pages             ${fmt(latencies.length)} SSE clients on two api nodes (${stationCount} stations, opened in ${openSeconds.toFixed(1)} s): event after median / p95 / max ${live.text}`,
);
clearInterval(drain);
await stop(started.filter((s) => s !== api && s !== second));
await stop([api, second]);
await fake.close();
await database.close();
