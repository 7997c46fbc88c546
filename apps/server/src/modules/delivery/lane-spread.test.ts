// Lanes spread over dispatchers (decision 0060): with several lanes with work, each live dispatcher
// takes about its share, a dispatcher over its share hands lanes to one under it, a lane is never
// sent on by two dispatchers at once, and a killed worker's lanes move to the survivor. Shown in
// one process with two dispatch services on one database (both databases), and with real worker
// processes on PostgreSQL. The Twilio client keeps one pool of connections for every send.
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { smsDeliveries, smsDispatchLanes, stationSending } from '../../db/schema/index.js';
import type { TSmsProvider } from '../../providers/sms/index.js';
import { createTwilioSmsProvider } from '../../providers/sms/twilio.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { addSubscribers } from '../../test/crowd.js';
import { createTestDatabase } from '../../test/db.js';
import { createStationWithAdmin, setBilling } from '../../test/factories.js';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { createMessage } from '../../test/messages-factory.js';
import { waitUntil } from '../../test/poll.js';
import { HttpSession, startServerProcess, stopServerProcesses } from '../../test/server-process.js';
import { DEFAULT_DISPATCH } from './dispatcher.js';
import { resolveLane } from './lanes.js';
import { createDispatchService } from './worker.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const LANES = 6;
/** A Messaging Service SID of each station's own (so each station is a lane of its own). */
const senderOf = (i: number) => `MG${(0xa0 + i).toString(16).padStart(32, '0')}`;

const fake = await startFakeTwilio();
afterAll(() => fake.close());
afterEach(stopServerProcesses);

/** Items grouped by a key (Map.groupBy, which Node 20 lacks). */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Deliveries not sent yet. */
async function notSent(db: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${smsDeliveries} where status <> 'sent'`,
  )) as { rows: { n: number }[] };
  return result.rows[0]?.n ?? -1;
}

/** A call on a lane, by which dispatcher, from its start to its answer. */
type TCall = { lane: string; by: string; start: number; end: number };

/** Calls of two dispatchers on one lane that overlap in time: a lane with two holders at once. */
function overlaps(calls: TCall[]) {
  const found: string[] = [];
  const byLane = groupBy(calls, (c) => c.lane);
  for (const [lane, list] of byLane) {
    const spans = [...groupBy(list, (c) => c.by)].map(([by, cs]) => ({
      by,
      start: Math.min(...cs.map((c) => c.start)),
      end: Math.max(...cs.map((c) => c.end)),
      calls: cs,
    }));
    // Two dispatchers may each hold the lane in turn (a handover); never in the same moment.
    for (const a of spans)
      for (const b of spans)
        if (a.by < b.by)
          for (const ca of a.calls)
            for (const cb of b.calls) if (ca.start < cb.end && cb.start < ca.end) found.push(lane);
  }
  return [...new Set(found)];
}

describe('lanes spread over dispatchers', () => {
  it('two dispatchers share the lanes with work: a holder over its share hands lanes over, no lane has two holders at once, one connection pool', async () => {
    fake.messages.length = 0;
    fake.requests.length = 0;
    // Each send takes 40 ms at the fake: the lanes' runs last long enough to overlap.
    fake.reply({ kind: 'ok', delayMs: 40 });
    const sms = createTwilioSmsProvider({
      accountSid: 'AC00000000000000000000000000000060',
      authToken: 'spread',
      fromNumber: '+15005550006',
      statusCallbackUrl: 'http://127.0.0.1/webhooks/sms/status',
      apiBaseUrl: fake.url,
    });
    const { app, db } = await createTestApp({ sms, dispatchInBackground: false });
    const perLane = 120;
    for (let i = 0; i < LANES; i++) {
      const { station, adminEmail } = await createStationWithAdmin(db, { slug: `kspread${i}` });
      await setBilling(db, station.id, { smsCreditsBalance: 10_000 });
      await db
        .update(stationSending)
        .set({ smsSender: senderOf(i) })
        .where(eq(stationSending.stationId, station.id));
      await addSubscribers(db, station.id, { count: perLane, first: i * 1000 });
      const message = await createMessage(db, station.id, { original: `Lane ${i}.`, type: 'emergency' });
      const admin = new TestClient(app, `10.0.6.${i + 1}`);
      await admin.login(adminEmail);
      expect((await admin.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
    }
    const before = fake.connections();

    const calls: TCall[] = [];
    const traced = (by: string): TSmsProvider => ({
      ...sms,
      async send(message) {
        const start = performance.now();
        try {
          return await sms.send(message);
        } finally {
          calls.push({ lane: message.from ?? 'default', by, start, end: performance.now() });
        }
      },
    });
    // Four calls at a time per lane: 120 texts take about 1.2 s on each lane.
    const config = { ...DEFAULT_DISPATCH, ratePerSecond: 0, concurrency: 4, leaseMs: 3000 };
    const service = (by: string) =>
      createDispatchService({
        db,
        sms: traced(by),
        now: () => new Date(),
        config,
        holder: `spread-${by}`,
        resolve: (lane) => resolveLane(db, lane, 0),
      });
    const a = service('a');
    const b = service('b');
    const holders = async () =>
      (await db.select().from(smsDispatchLanes))
        .map((l) => l.holder?.split('/')[0])
        .filter((h): h is string => Boolean(h));

    // A alone: every lane with work is its share, it takes them all.
    a.kick();
    await waitUntil(
      'A to hold every lane',
      async () => (await holders()).filter((h) => h === 'spread-a').length === LANES,
    );
    // B starts looking (as each worker does every second): A is over its share (3 of 6) while B
    // holds none, so A hands lanes over between chunks and B takes them.
    const looks = setInterval(() => {
      a.kick();
      b.kick();
    }, 150);
    try {
      await waitUntil('B to hold lanes', async () => (await holders()).includes('spread-b'));
      expect(b.view()).toMatchObject({ workers: 2 });
      await waitUntil('every text to be sent', async () => (await notSent(db)) === 0);
    } finally {
      clearInterval(looks);
      await Promise.all([a.drain(), b.drain()]);
    }

    // Both sent, on lanes of their own: A kept about its share, B took the rest.
    const lanesOf = (by: string) => new Set(calls.filter((c) => c.by === by).map((c) => c.lane));
    expect(lanesOf('a').size).toBeGreaterThan(0);
    expect(lanesOf('b').size).toBeGreaterThan(0);
    // Never two holders on a lane at the same moment.
    expect(overlaps(calls)).toEqual([]);
    // Each recipient exactly once.
    const perPhone = groupBy(fake.messages, (m) => m.to);
    expect(perPhone.size).toBe(LANES * perLane);
    expect([...perPhone.values()].filter((m) => m.length > 1)).toEqual([]);
    // One client, one pool: 720 sends on at most the calls in flight at once (4 per lane).
    expect(fake.requests).toHaveLength(LANES * perLane);
    expect(fake.connections() - before).toBeLessThanOrEqual(LANES * config.concurrency);
    sms.close();
    await app.close();
    fake.reply({ kind: 'ok' });
  }, 60_000);

  it.runIf(onPostgres)(
    'two worker processes each hold lanes; a killed worker’s lanes move to the survivor, every text once',
    async () => {
      fake.messages.length = 0;
      fake.requests.length = 0;
      // 800 ms per send at the fake, 32 at a time per lane: 320 texts take about 8 s per lane, long
      // enough for a second worker to start while the first still sends.
      fake.reply({ kind: 'ok', delayMs: 800 });
      const perLane = 320;
      const database = await createTestDatabase();
      const stationsMade: { id: string; adminEmail: string; messageId: string }[] = [];
      for (let i = 0; i < LANES; i++) {
        const { station, adminEmail } = await createStationWithAdmin(database.db, { slug: `kwork${i}` });
        await setBilling(database.db, station.id, { smsCreditsBalance: 10_000 });
        await database.db
          .update(stationSending)
          .set({ smsSender: senderOf(i) })
          .where(eq(stationSending.stationId, station.id));
        await addSubscribers(database.db, station.id, { count: perLane, first: i * 1000 });
        const message = await createMessage(database.db, station.id, {
          original: `Worker lane ${i}.`,
          type: 'emergency',
        });
        stationsMade.push({ id: station.id, adminEmail, messageId: message.id });
      }
      const env = {
        DATABASE_URL: database.url as string,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000061',
        TWILIO_AUTH_TOKEN: 'spread-processes',
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: fake.url,
        SMS_RATE_PER_SECOND: '0',
        SMS_LEASE_SECONDS: '2',
      };
      // Every send is accepted before any worker runs: the first worker to start finds all six
      // lanes with work and, alone, takes them all.
      const api = await startServerProcess(env, ['--role', 'api']);
      for (const s of stationsMade) {
        const admin = new HttpSession(api.url);
        await admin.login(s.adminEmail);
        const sent = await admin.request('POST', `/admin/api/messages/${s.messageId}/send-sms`);
        expect(sent.status, sent.text).toBe(200);
      }
      // Holders of live leases, by worker pid (a dispatcher's id starts with its pid).
      const holding = async () => {
        const result = (await database.db.execute(
          sql`select holder from ${smsDispatchLanes} where holder is not null and lease_until >= clock_timestamp()`,
        )) as unknown as { rows: { holder: string }[] };
        return result.rows.map((r) => Number(r.holder.split('-')[0]));
      };
      const w1 = await startServerProcess(env, ['--role', 'worker']);
      await waitUntil(
        'the first worker to hold every lane',
        async () => (await holding()).filter((pid) => pid === w1.pid).length === LANES,
        { timeoutMs: 30_000 },
      );
      // A second worker starts: the first is over its share (3 of 6) and hands lanes over, so both
      // hold lanes at the same time.
      const w2 = await startServerProcess(env, ['--role', 'worker']);
      await waitUntil(
        'both workers to hold lanes',
        async () => {
          const pids = await holding();
          return pids.includes(w1.pid) && pids.includes(w2.pid);
        },
        { timeoutMs: 30_000 },
      );
      const lanesOfVictim = (await holding()).filter((pid) => pid === w1.pid).length;
      expect(lanesOfVictim).toBeGreaterThan(0);
      // Kill one in the middle of its sends: its lanes move to the survivor once their leases end.
      w1.kill('SIGKILL');
      await w1.exited;
      await waitUntil('every text to be sent', async () => (await notSent(database.db)) === 0, {
        timeoutMs: 90_000,
      });
      // The survivor took over the dead worker's lanes (a takeover each), and nobody got two texts.
      const lanes = await database.db.select().from(smsDispatchLanes);
      expect(lanes.reduce((n, l) => n + l.takeovers, 0)).toBeGreaterThanOrEqual(1);
      const perPhone = groupBy(fake.messages, (m) => m.to);
      expect(perPhone.size).toBe(LANES * perLane);
      expect([...perPhone.values()].filter((m) => m.length > 1)).toEqual([]);
      const rows = await database.db.select().from(smsDeliveries);
      expect(rows.reduce((n, r) => n + r.reclaimed, 0)).toBe(0);
      w2.kill('SIGTERM');
      api.kill('SIGTERM');
      await Promise.all([w2.exited, api.exited]);
      await database.close();
      fake.reply({ kind: 'ok' });
    },
    150_000,
  );
});
