// Fan-out of one SMS send to 100,000 subscribers over 9 languages and 4 types:
// 1. accept: POST /admin/api/messages/{id}/send-sms through app.inject (audience, one delivery row
//    per recipient, the guarded debit and the ledger row, in one transaction);
// 2. dispatch: the real dispatcher sending every delivery through the real Twilio client to a
//    loopback fake of Twilio's REST API, pacing off;
// 3. peak memory (RSS) of the whole process, fake included.
// Run: npm run bench:fanout                      (embedded PGlite)
//      DATABASE_URL=postgres://… npm run bench:fanout   (an empty database)
import { performance } from 'node:perf_hooks';
import { LANGUAGES } from '@message-station/shared';
import { buildApp } from '../apps/server/src/app.js';
import { DEFAULT_DISPATCH, dispatchLane } from '../apps/server/src/modules/delivery/dispatcher.js';
import { createTwilioSmsProvider } from '../apps/server/src/providers/sms/twilio.js';
import { setBilling } from '../apps/server/src/test/factories.js';
import { startFakeTwilio } from '../apps/server/src/test/fake-twilio.js';
import { createMessage } from '../apps/server/src/test/messages-factory.js';
import { addSubscribers, demoInAllLanguages, openDemoDatabase } from './demo-database.js';
import { signInDemoAdmin } from './sign-in.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
/** BENCH_DISPATCH=false measures accept only (a 1,000,000-recipient send takes minutes to dispatch). */
const DISPATCH = process.env.BENCH_DISPATCH !== 'false';

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const { database, config } = await openDemoDatabase();
const fake = await startFakeTwilio();
const twilioConfig = {
  // A SID of Twilio's form: the fake checks every request against Twilio's description (0051).
  accountSid: 'AC0000000000000000000000000000bec0',
  authToken: 'bench-token',
  fromNumber: '+15005550006',
  statusCallbackUrl: 'http://127.0.0.1/webhooks/sms/status',
  apiBaseUrl: fake.url,
};
const sms = createTwilioSmsProvider(twilioConfig);
const app = await buildApp({ config, database, sms, dispatchInBackground: false });
const { db } = database;

// The demo station speaks all nine languages and can afford the send.
const station = await demoInAllLanguages(db);
await setBilling(db, station.id, { smsCreditsBalance: 10_000_000 });

const setupStart = performance.now();
await addSubscribers(db, station.id, SUBSCRIBERS);
const translations = Object.fromEntries(
  LANGUAGES.filter((l) => l.code !== 'en').map((l) => [
    l.code,
    `[${l.code}] Flood warning for the river valley tonight.`,
  ]),
);
const message = await createMessage(db, station.id, {
  title: 'Flood warning',
  original: 'Flood warning for the river valley tonight.',
  type: 'emergency',
  translations,
});
const setupMs = performance.now() - setupStart;

const { cookies, csrf } = await signInDemoAdmin(app);

const acceptStart = performance.now();
const accepted = await app.inject({
  method: 'POST',
  url: `/admin/api/messages/${message.id}/send-sms`,
  cookies,
  headers: { 'x-csrf-token': csrf },
});
const acceptMs = performance.now() - acceptStart;
if (accepted.statusCode !== 200) throw new Error(`send refused: ${accepted.body}`);
const { sent_count: recipients, credits } = accepted.json() as { sent_count: number; credits: number };

// A non-emergency send also works out every recipient's local time for quiet hours.
const alert = await createMessage(db, station.id, {
  title: 'Road works',
  original: 'Road works on Main St tomorrow.',
  type: 'alert',
  translations,
});
const quietStart = performance.now();
const quiet = await app.inject({
  method: 'POST',
  url: `/admin/api/messages/${alert.id}/send-sms`,
  cookies,
  headers: { 'x-csrf-token': csrf },
});
const quietMs = performance.now() - quietStart;
if (quiet.statusCode !== 200) throw new Error(`alert send refused: ${quiet.body}`);
const quietResult = quiet.json() as { sent_count: number; waiting: number };

const dispatchStart = performance.now();
const drain = setInterval(() => fake.requests.splice(0), 1000);
const result = DISPATCH
  ? await dispatchLane({
      db,
      sms,
      now: () => new Date(),
      config: { ...DEFAULT_DISPATCH, ratePerSecond: 0, concurrency: CONCURRENCY },
    })
  : null;
const dispatchMs = performance.now() - dispatchStart;
clearInterval(drain);
clearInterval(sampler);

const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `fan-out on ${engine}, ${SUBSCRIBERS.toLocaleString('en-US')} subscribers (setup ${(setupMs / 1000).toFixed(1)} s)`,
);
console.log(
  `accept send            ${acceptMs.toFixed(0)} ms for ${recipients.toLocaleString('en-US')} recipients, ${credits.toLocaleString('en-US')} credits`,
);
console.log(
  `accept non-emergency   ${quietMs.toFixed(0)} ms for ${quietResult.sent_count.toLocaleString('en-US')} recipients (${quietResult.waiting.toLocaleString('en-US')} held for quiet hours at this hour)`,
);
if (result) {
  console.log(
    `dispatch (pacing off)  ${result.sent.toLocaleString('en-US')} SMS in ${(dispatchMs / 1000).toFixed(1)} s = ${Math.round(result.sent / (dispatchMs / 1000)).toLocaleString('en-US')} SMS/s (concurrency ${CONCURRENCY})`,
  );
}
console.log(`peak RSS               ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
await app.close();
await fake.close();
await database.close();
