// Weather emergency to first text (decision 0058): the built server (apps/server/dist/main.js) in a
// child process polls a loopback NWS fake (test-support/fake-nws.mjs) for a station that follows
// Coal County, OK and sends Extreme alerts by itself, to subscribers in English, Spanish and
// French, through the real Twilio client to a loopback Twilio fake. Each run publishes a new
// Extreme warning at the fake at a random moment of the poll interval and times, from that moment:
//   poll        the first request for the zone's alerts after it appeared (the wait for the poll);
//   draft       the draft written (the station's message stream: message_created);
//   translated  its last translation done (translation_updated, none pending);
//   accepted    the send accepted (sms_progress);
//   first text  the first text Twilio's fake accepted.
// By default the event is one the phrasebook does not name (as when NWS adds a product), so every
// language but English goes to the translation engine (the offline Apertium) and the send waits
// for it; BENCH_EVENT=vetted publishes a named Tornado Warning, vetted in every language at once.
//
// Run after `npm run build`:
//   npm run bench:weather                                          (embedded PGlite)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/ms_bench_weather npm run bench:weather
//       (PostgreSQL; the database is created and dropped by the benchmark)
// Knobs: BENCH_RUNS (5), NWS_POLL_SECONDS (30), BENCH_SUBSCRIBERS per language (3),
//        BENCH_EVENT (engine | vetted).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EventStreamReader } from '../apps/server/src/test/event-stream.js';
import { createContact, createStationWithAdmin, setBilling } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { HttpSession, startServerProcess } from '../apps/server/src/test/server-process.js';
import { NWS_FIXTURES, startFakeNws } from '../test-support/fake-nws.mjs';
import { hasApertium, openFreshDatabase } from './lib.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const POLL_SECONDS = Number(process.env.NWS_POLL_SECONDS ?? 30);
const PER_LANGUAGE = Number(process.env.BENCH_SUBSCRIBERS ?? 3);
const VETTED = process.env.BENCH_EVENT === 'vetted';
const LANGUAGES = ['en', 'es', 'fr'] as const;
if (!VETTED && !hasApertium)
  throw new Error('bench:weather needs apertium (Debian: apertium apertium-eng-spa)');

// A fresh database: the named PostgreSQL database (re)created, or a new PGlite folder.
const pgUrl = process.env.DATABASE_URL;
const { database, env, cleanup } = await openFreshDatabase(pgUrl, 'ms-bench-weather-');
const { station, adminEmail } = await createStationWithAdmin(database.db, {
  slug: 'kwxbench',
  languages: [...LANGUAGES],
});
await setBilling(database.db, station.id, { smsCreditsBalance: 1_000_000 });
let phone = 0;
for (const language of LANGUAGES) {
  for (let i = 0; i < PER_LANGUAGE; i++) {
    await createContact(database.db, station.id, {
      phone: `+1405555${String(1000 + phone++)}`,
      choices: [{ messageType: 'emergency', language }],
    });
  }
}
const subscribers = phone;
await database.close();

/** When each request for the alerts reached NWS's fake (ms since the epoch). */
const alertRequests: number[] = [];
const nws = await startFakeNws({
  before: (_request, _response, url) => {
    if (url.pathname === '/alerts/active') alertRequests.push(Date.now());
    return false;
  },
});
const twilio = await startFakeTwilio();
const server = await startServerProcess({
  ...env,
  LOG_LEVEL: 'error',
  NWS_API_URL: nws.url,
  NWS_USER_AGENT: 'MessageStationBench/1.0 (http://127.0.0.1, bench@localhost)',
  NWS_POLL_SECONDS: String(POLL_SECONDS),
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000058',
  TWILIO_AUTH_TOKEN: 'bench-weather',
  TWILIO_FROM_NUMBER: '+15005550006',
  TWILIO_API_BASE_URL: twilio.url,
});
const stop = async () => {
  server.kill('SIGTERM');
  await server.exited;
  await nws.close();
  await twilio.close();
  await cleanup();
};

const session = new HttpSession(server.url);
await session.login(adminEmail);
const saved = await session.request('PUT', '/admin/api/weather/settings', {
  enabled: true,
  zones: [{ id: 'OKC029', name: 'Coal' }],
  event_types: [],
  severities: ['Extreme', 'Severe'],
  auto_send_severities: ['Extreme'],
});
if (saved.status !== 200) throw new Error(`settings refused: ${saved.text}`);
const stream = await EventStreamReader.open(server.url, '/admin/api/messages/stream', session);
// When each event arrived: the reader keeps events in order, we note the moment each is added.
const arrived = new Map<object, number>();
const push = stream.events.push.bind(stream.events);
stream.events.push = (...events) => {
  for (const event of events) arrived.set(event, Date.now());
  return push(...events);
};
await stream.next((e) => e.event === 'connected');
// The poller has taken the station into its pace: the first poll of its zones happened.
for (;;) {
  const settings = (await session.request('GET', '/admin/api/weather/settings')).json();
  if (settings.last_poll_at) break;
  await new Promise((r) => setTimeout(r, 200));
}

/** A new Extreme warning for Coal County, in effect for the next hour. */
function warning(run: number) {
  const feature = JSON.parse(fs.readFileSync(path.join(NWS_FIXTURES, 'tornado-warning-ok.json'), 'utf8'));
  const id = `urn:oid:2.49.0.1.840.0.${randomBytes(20).toString('hex')}.001.${run + 1}`;
  const now = Date.now();
  feature.id = `https://api.weather.gov/alerts/${id}`;
  Object.assign(feature.properties, {
    '@id': feature.id,
    id,
    sent: new Date(now).toISOString(),
    effective: new Date(now).toISOString(),
    onset: new Date(now).toISOString(),
    expires: new Date(now + 3_600_000).toISOString(),
    ends: new Date(now + 3_600_000).toISOString(),
    ...(VETTED ? {} : { event: 'Hazard Test Warning' }),
  });
  return feature;
}

type TRun = { poll: number; draft: number; translated: number; accepted: number; first: number; all: number };
const runs: TRun[] = [];
const ms = (from: number, to: number) => to - from;
for (let run = 0; run < RUNS; run++) {
  // A random moment of the poll interval.
  await new Promise((r) => setTimeout(r, Math.random() * POLL_SECONDS * 1000));
  const textsBefore = twilio.messages.length;
  const eventsBefore = stream.events.length;
  const seenBefore = alertRequests.length;
  const appeared = Date.now();
  const feature = nws.add(warning(run));

  const ofRun = (e: object) => stream.events.indexOf(e as never) >= eventsBefore;
  const created = await stream.next((e) => ofRun(e) && e.event === 'message_created');
  const draftAt = arrived.get(created) ?? Date.now();
  const messageId = (created.data as { message_id: string }).message_id;
  const ofMessage = (e: { data: unknown }) => (e.data as { message_id?: string }).message_id === messageId;
  const accepted = await stream.next((e) => ofRun(e) && e.event === 'sms_progress' && ofMessage(e));
  const acceptedAt = arrived.get(accepted) ?? Date.now();
  for (;;) {
    if (twilio.messages.length >= textsBefore + subscribers) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const texts = twilio.messages.slice(textsBefore);
  const firstAt = Math.min(...texts.map((m) => m.created.getTime()));
  const allAt = Math.max(...texts.map((m) => m.created.getTime()));
  // The last translation that finished before the send (none: every language vetted with the draft).
  const translatedEvents = stream.events
    .slice(eventsBefore)
    .filter(
      (e) =>
        e.event === 'translation_updated' &&
        ofMessage(e) &&
        (e.data as { translation_status?: string }).translation_status !== 'pending' &&
        (arrived.get(e) ?? 0) <= acceptedAt,
    );
  const translatedAt = Math.max(draftAt, ...translatedEvents.map((e) => arrived.get(e) ?? draftAt));
  const pollAt = alertRequests.slice(seenBefore).find((at) => at >= appeared) ?? draftAt;
  runs.push({
    poll: ms(appeared, pollAt),
    draft: ms(pollAt, draftAt),
    translated: ms(draftAt, translatedAt),
    accepted: ms(translatedAt, acceptedAt),
    first: ms(appeared, firstAt),
    all: ms(appeared, allAt),
  });
  nws.remove(feature.properties.id);
  const r = runs.at(-1) as TRun;
  console.log(
    `run ${run + 1}: poll wait ${(r.poll / 1000).toFixed(1)} s, then ${((r.first - r.poll) / 1000).toFixed(1)} s to the first text (${(r.first / 1000).toFixed(1)} s in all; ${translatedEvents.length} translations)`,
  );
}
stream.close();
await stop();

const stat = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const f = (v: number) => (v / 1000).toFixed(1);
  return `${f(median)} s [${f(sorted[0] ?? Number.NaN)}–${f(sorted.at(-1) ?? Number.NaN)}]`;
};
const engine = pgUrl ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nweather emergency → first text on ${engine}: ${RUNS} runs, NWS_POLL_SECONDS=${POLL_SECONDS}, ${subscribers} subscribers (${LANGUAGES.join(', ')}), ${VETTED ? 'a named event (every language vetted)' : 'an event the phrasebook does not name (es, fr by the engine)'}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log('                                  median [min–max]');
console.log(`alert appears → first text       ${stat(runs.map((r) => r.first))}   (goal ≤ 30 s)`);
console.log(`  poll wait (appears → polled)   ${stat(runs.map((r) => r.poll))}`);
console.log(`  polled → first text            ${stat(runs.map((r) => r.first - r.poll))}   (goal ≤ 5 s)`);
console.log(`    polled → draft written       ${stat(runs.map((r) => r.draft))}`);
console.log(`    draft → translations ready   ${stat(runs.map((r) => r.translated))}`);
console.log(`    ready → send accepted        ${stat(runs.map((r) => r.accepted))}`);
console.log(
  `    accepted → first text        ${stat(runs.map((r) => r.first - r.poll - r.draft - r.translated - r.accepted))}`,
);
console.log(`alert appears → last text        ${stat(runs.map((r) => r.all))}`);
// What NWS saw: the time between two requests for the zone's alerts (it asks for 30 s or more).
const gaps = alertRequests.slice(1).map((at, i) => at - (alertRequests[i] ?? at));
console.log(`between two polls (NWS's view)   ${stat(gaps)}   (${alertRequests.length} requests)`);
