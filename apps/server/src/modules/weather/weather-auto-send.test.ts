// An emergency never waits for a timer (decision 0058): a waiting auto-send goes when its last
// translation finishes, through the translation worker's own event, with no poll running; a draft
// whose languages are all vetted goes in the poll that drafted it; two nodes (or handlers) hearing
// the same event send once; and the poll still sends what waited its two minutes. The app is an
// api node with a fixed clock: nothing runs unless the test starts it.
import { untranslatedNotice } from '@message-station/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import {
  auditLog,
  messageTranslations,
  outboxMessages,
  smsDeliveries,
  smsSends,
  users,
  weatherAlerts,
} from '../../db/schema/index.js';
import { messageParts } from '../../message-parts.js';
import { createEventBus, type TEventBus } from '../../platform/event-bus.js';
import { startJobRunner } from '../../platform/jobs.js';
import { createOutboxEmailProvider } from '../../providers/email/outbox.js';
import { createApertiumProvider } from '../../providers/translation/apertium.js';
import { createNwsClient } from '../../providers/weather/nws.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { nwsFixture, startFakeNws } from '../../test/fake-nws.js';
import { readUntil } from '../../test/poll.js';
import { weatherSettings } from '../../test/weather.js';
import { sendRequestAnsweredEmail } from '../send-requests/emails.js';
import { runTranslationJob } from '../translation/worker.js';
import { createUser } from '../users/service.js';
import { pollWeather, sendReadyAutoSend, type TWeatherPollDeps } from './poll.js';
import { MAX_NWS_WAIT_SECONDS, nextPollSeconds, startWeatherSender, WEATHER_SEND_QUEUE } from './queue.js';

const USER_AGENT = 'MessageStationTest/1.2.0 (http://localhost:3000, support@localhost)';
/** Two minutes after NWS Norman sent the recorded tornado warning. */
const AFTER_WARNING = new Date('2025-04-20T04:25:00Z');

const fake = await startFakeNws();
let clock = AFTER_WARNING;
const { app, db, database } = await createTestApp({
  now: () => clock,
  // A loopback answer that can still be slow while other files load the machine: nothing here hangs.
  config: { weather: { apiUrl: fake.url, userAgent: USER_AGENT, pollSeconds: 30, timeoutMs: 10_000 } },
});
/** The offline engine writes the Spanish, as on a server with no cloud key. */
const noApertium = skipWithout('apertium');
const apertium = createApertiumProvider({}, { timeoutMs: 20_000 });
const nws = createNwsClient({ apiUrl: fake.url, userAgent: USER_AGENT, timeoutMs: 10_000 });

/** What a worker node gives the weather module; `sent` counts the dispatch wake-ups. */
function pollDeps(events: TEventBus, woken: string[] = []): TWeatherPollDeps {
  return {
    db,
    publicUrl: 'http://127.0.0.1',
    nws,
    now: () => clock,
    events,
    translationQueue: { enqueue: async () => {}, wake: () => {} },
    messageParts: messageParts(),
    email: createOutboxEmailProvider(db, 'alerts@message-station.test'),
    async sent(_stationId, messageId) {
      woken.push(messageId);
    },
  };
}

/**
 * A station following Coal County, sending Extreme alerts by itself, with one Spanish and one
 * English subscriber, and a tornado warning NWS just published. `unnamed`: an event the phrasebook
 * does not name, so its Spanish goes to an engine and the send waits for it.
 */
async function stationWithWarning(slug: string, unnamed: boolean) {
  const created = await createStationWithAdmin(db, { slug, languages: ['en', 'es'] });
  const admin = new TestClient(app);
  await admin.login(created.adminEmail);
  const saved = await admin.request({
    method: 'PUT',
    url: '/admin/api/weather/settings',
    body: weatherSettings({ auto_send_severities: ['Extreme'] }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await createContact(db, created.station.id, {
    phone: `+1405555${String(Math.floor(Math.random() * 9000) + 1000)}`,
    choices: [{ messageType: 'emergency', language: 'es' }],
  });
  await createContact(db, created.station.id, {
    phone: `+1405556${String(Math.floor(Math.random() * 9000) + 1000)}`,
    choices: [{ messageType: 'emergency', language: 'en' }],
  });
  fake.clear();
  const warning = nwsFixture('tornado-warning-ok');
  if (unnamed) {
    warning.properties.event = 'Hazard Test Warning';
    warning.properties.id = `${warning.properties.id}.${slug}`;
  }
  fake.add(warning);
  return { ...created, check: () => admin.post('/admin/api/weather/check') };
}

async function alertOf(stationId: string) {
  const [row] = await db.select().from(weatherAlerts).where(eq(weatherAlerts.stationId, stationId));
  if (!row?.messageId) throw new Error('no drafted alert');
  return { ...row, messageId: row.messageId };
}

async function sendsOf(messageId: string) {
  return db.select().from(smsSends).where(eq(smsSends.messageId, messageId));
}

async function textsOf(messageId: string) {
  return (
    await db
      .select({ body: smsDeliveries.body, language: smsDeliveries.language })
      .from(smsDeliveries)
      .innerJoin(smsSends, eq(smsSends.id, smsDeliveries.sendId))
      .where(eq(smsSends.messageId, messageId))
  ).map((d) => `${d.language}: ${d.body}`);
}

/** The pending Spanish translation, finished by the translation worker's own job code. */
async function translateSpanish(events: TEventBus, stationId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(messageTranslations)
    .where(and(eq(messageTranslations.messageId, messageId), eq(messageTranslations.languageCode, 'es')));
  expect(row?.status).toBe('pending');
  await runTranslationJob(
    { db, events, now: () => clock, provider: apertium },
    { stationId, messageId, language: 'es', revision: row?.revision ?? 0 },
    { retryCount: 0, retryLimit: 0 },
  );
}

async function sendJobs(messageId: string) {
  const result = await db.execute(
    sql`select state from pgboss.job where name = ${WEATHER_SEND_QUEUE} and data->>'messageId' = ${messageId}`,
  );
  return (result as unknown as { rows: { state: string }[] }).rows.map((r) => r.state);
}

describe('a weather auto-send', () => {
  it('goes in the poll that drafted it when every language is vetted', async () => {
    clock = AFTER_WARNING;
    const { station } = await stationWithWarning('kwxsame', false);
    const woken: string[] = [];
    const events = await createEventBus({});
    afterAll(() => events.close());
    const [report] = await pollWeather(pollDeps(events, woken), { stationId: station.id });
    expect(report).toMatchObject({ drafted: 1, autoSent: 1 });
    const alert = await alertOf(station.id);
    expect(alert.outcome).toBe('auto_sent');
    expect(woken).toEqual([alert.messageId]);
    expect((await sendsOf(alert.messageId)).map((s) => s.recipients)).toEqual([2]);
    // No engine, no event, no job: the phrasebook wrote the Spanish with the draft.
    expect(await sendJobs(alert.messageId)).toEqual([]);
  });

  it.skipIf(noApertium)('goes the moment its last translation finishes, with no poll running', async () => {
    clock = AFTER_WARNING;
    const { station, check } = await stationWithWarning('kwxevent', true);
    expect((await check()).json()).toMatchObject({ drafted: 1 });
    const waiting = await alertOf(station.id);
    expect(waiting.outcome).toBe('auto_send_waiting');
    const asked = fake.alertRequests().length;

    // A worker node's event path only: no poller, no minute's job, and the clock stands still.
    const events = await createEventBus({});
    const node = await startJobRunner(database);
    try {
      const watch = await startWeatherSender(node.boss, pollDeps(events));
      expect(watch.stations()).toContain(station.id);
      await translateSpanish(events, station.id, waiting.messageId);
      const sent = await readUntil(
        () => alertOf(station.id),
        (row) => row.outcome !== 'auto_send_waiting',
      );
      expect(sent.outcome).toBe('auto_sent');
      expect((await sendsOf(waiting.messageId)).map((s) => s.id)).toEqual([sent.sendId]);
      // Nobody vouches for the engine's Spanish: the original with the vetted notice (decision 0050).
      expect(await textsOf(waiting.messageId)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^en: .*TAKE COVER NOW!/s),
          expect.stringContaining(untranslatedNotice('es', 'en')),
        ]),
      );
      // NWS was not asked again: no poll sent it.
      expect(fake.alertRequests()).toHaveLength(asked);
      watch.stop();
    } finally {
      await node.stop();
      await events.close();
    }
  });

  it.skipIf(noApertium)(
    'is sent once when two nodes hear the event, and once when three handlers race',
    async () => {
      clock = AFTER_WARNING;
      // Three handlers at once on one message, its translation done.
      const raced = await stationWithWarning('kwxrace', true);
      await raced.check();
      const racing = await alertOf(raced.station.id);
      const quiet = await createEventBus({});
      await translateSpanish(quiet, raced.station.id, racing.messageId);
      const woken: string[] = [];
      const answers = await Promise.all(
        [1, 2, 3].map(() => sendReadyAutoSend(pollDeps(quiet, woken), raced.station.id, racing.messageId)),
      );
      expect(answers.filter(Boolean)).toHaveLength(1);
      expect(woken).toEqual([racing.messageId]);
      expect(await sendsOf(racing.messageId)).toHaveLength(1);
      // The losers found it sent: the record says sent, not refused.
      expect(await alertOf(raced.station.id)).toMatchObject({ outcome: 'auto_sent', errorCode: null });
      const trail = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.stationId, raced.station.id), eq(auditLog.action, 'weather.auto_sent')));
      expect(trail).toHaveLength(1);
      await quiet.close();

      // Two worker nodes, both listening: one event, one send.
      const heard = await stationWithWarning('kwxtwonodes', true);
      await heard.check();
      const waiting = await alertOf(heard.station.id);
      const events = await createEventBus({});
      const nodes = await Promise.all([startJobRunner(database), startJobRunner(database)]);
      try {
        const watches = await Promise.all(
          nodes.map((node) => startWeatherSender(node.boss, pollDeps(events))),
        );
        for (const watch of watches) expect(watch.stations()).toContain(heard.station.id);
        await translateSpanish(events, heard.station.id, waiting.messageId);
        await readUntil(
          () => alertOf(heard.station.id),
          (row) => row.outcome === 'auto_sent',
        );
        // Every queued send has run: each found it sent or sent it.
        await readUntil(
          () => sendJobs(waiting.messageId),
          (states) => states.length > 0 && states.every((s) => s === 'completed'),
        );
        expect(await sendsOf(waiting.messageId)).toHaveLength(1);
        expect(await alertOf(heard.station.id)).toMatchObject({ outcome: 'auto_sent', errorCode: null });
        for (const watch of watches) watch.stop();
      } finally {
        await Promise.all(nodes.map((node) => node.stop()));
        await events.close();
      }
    },
  );

  it('still goes from the poll after two minutes when a translation never finishes', async () => {
    clock = AFTER_WARNING;
    const { station, check } = await stationWithWarning('kwxfallback', true);
    await check();
    const waiting = await alertOf(station.id);
    expect(waiting.outcome).toBe('auto_send_waiting');
    const events = await createEventBus({});
    afterAll(() => events.close());
    // A minute on: still translating, still waiting.
    clock = new Date(AFTER_WARNING.getTime() + 60_000);
    expect((await pollWeather(pollDeps(events), { stationId: station.id }))[0]?.autoSent).toBe(0);
    expect((await alertOf(station.id)).outcome).toBe('auto_send_waiting');
    // Two minutes on: it goes with what is there.
    clock = new Date(AFTER_WARNING.getTime() + 2 * 60_000);
    expect((await pollWeather(pollDeps(events), { stationId: station.id }))[0]?.autoSent).toBe(1);
    expect((await alertOf(station.id)).outcome).toBe('auto_sent');
    expect(await textsOf(waiting.messageId)).toEqual(
      expect.arrayContaining([expect.stringContaining(untranslatedNotice('es', 'en'))]),
    );
  });
});

describe("a weather auto-send that answers a standard user's request to send", () => {
  it('tells the requester, in their language, that the weather auto-send sent it', async () => {
    clock = AFTER_WARNING;
    const { station, check } = await stationWithWarning('kwxasked', true);
    await createUser(db, {
      stationId: station.id,
      email: 'lu@kwxasked.test',
      password: 'demo1234',
      fullName: 'Lu Staff',
      role: 'user',
    });
    await db.update(users).set({ language: 'es' }).where(eq(users.email, 'lu@kwxasked.test'));
    await check();
    const waiting = await alertOf(station.id);
    expect(waiting.outcome).toBe('auto_send_waiting');
    // While the send waits for its translation, a standard user asks the admins to send it.
    const staff = new TestClient(app);
    await staff.login('lu@kwxasked.test');
    const asked = await staff.post(`/admin/api/messages/${waiting.messageId}/send-requests`, {});
    expect(asked.statusCode, asked.body).toBe(201);
    const answers = async () =>
      (
        await db
          .select()
          .from(outboxMessages)
          .where(and(eq(outboxMessages.to, 'lu@kwxasked.test'), eq(outboxMessages.channel, 'email')))
      ).filter(({ subject }) => subject?.startsWith('Su solicitud fue atendida'));
    expect(await answers()).toEqual([]);

    const events = await createEventBus({});
    afterAll(() => events.close());
    clock = new Date(AFTER_WARNING.getTime() + 2 * 60_000);
    expect((await pollWeather(pollDeps(events), { stationId: station.id }))[0]?.autoSent).toBe(1);
    const [told, ...more] = await answers();
    expect(more).toEqual([]);
    expect(told?.body).toContain('Hola, Lu Staff:');
    expect(told?.body).toContain('El envío automático de alertas meteorológicas envió el mensaje «');
    expect(told?.body).toContain(`/admin/messages?message=${waiting.messageId}`);
    // The same email in English names the weather auto-send too, never an admin.
    const english = sendRequestAnsweredEmail({
      requesterName: 'Pat Staff',
      adminName: 'Owner',
      messageTitle: 'Tornado Warning',
      outcome: 'sent',
      answeredBy: 'weather',
      reason: null,
      link: 'http://127.0.0.1/admin/messages',
      language: 'en',
    });
    expect(english.text).toContain(
      'The weather auto-send sent the message “Tornado Warning” by SMS, which answers your request.',
    );
    expect(english.text).not.toContain('Owner');
  });
});

describe('the pace of the poll', () => {
  it('is the interval, or longer when NWS asks (Retry-After, Cache-Control), within a bound', async () => {
    clock = AFTER_WARNING;
    const { station } = await stationWithWarning('kwxpace', false);
    const events = await createEventBus({});
    afterAll(() => events.close());
    // NWS's answer stays fresh 30 s (Cache-Control: max-age=30): no reason to ask sooner.
    const [fresh] = await pollWeather(pollDeps(events), { stationId: station.id });
    expect(fresh?.waitSeconds).toBe(30);
    expect(nextPollSeconds(30, [fresh?.waitSeconds])).toBe(30);
    // Too many requests, come back in two minutes: the next poll waits two minutes.
    fake.setDown({ kind: 'error', status: 429, body: {}, headers: { 'retry-after': '120' } });
    try {
      const [refused] = await pollWeather(pollDeps(events), { stationId: station.id });
      expect(refused).toMatchObject({ errorCode: 'weather_unavailable', waitSeconds: 120 });
      expect(nextPollSeconds(30, [refused?.waitSeconds, undefined, 5])).toBe(120);
    } finally {
      fake.setDown(null);
    }
    // A header asking for a day holds emergencies back ten minutes at most.
    expect(nextPollSeconds(30, [86_400])).toBe(MAX_NWS_WAIT_SECONDS);
    expect(nextPollSeconds(60, [])).toBe(60);
  });
});
