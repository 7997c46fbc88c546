// Exactly one text per recipient through deploys and crashes, proven with real processes: the
// built server is spawned, sends through the real Twilio client to a loopback fake of Twilio's
// API, and is stopped with SIGTERM (a deploy) or SIGKILL (a crash) while texts are in flight,
// then started again. The fake is the witness: what it accepted is what people would receive.
// On PostgreSQL, two servers share one database: one pace between them, and a survivor that
// takes over the lane of a killed node.
import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Database, openPglite } from '../../db/client.js';
import { creditLedger, smsDeliveries, smsDispatchLanes, smsRefunds } from '../../db/schema/index.js';
import { addSubscribers, crowdPhone } from '../../test/crowd.js';
import { createTestDatabase, createTestDataDir } from '../../test/db.js';
import { billingOf, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { createMessage } from '../../test/messages-factory.js';
import { waitUntil } from '../../test/poll.js';
import {
  HttpSession,
  startServerProcess,
  stopServerProcesses,
  type TServerProcess,
} from '../../test/server-process.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const CREDITS = 10_000;

const fake = await startFakeTwilio();
afterAll(() => fake.close());
// A test that fails half-way leaves no server behind.
afterEach(stopServerProcesses);

/**
 * A database with a station of `count` emergency subscribers (every `invalidEvery`-th number is
 * refused by the fake as not a mobile: a permanent failure) and one message to send. PGlite is
 * closed again, as only one process may open it; `open()` opens it for checks between runs.
 */
async function prepare(slug: string, count: number) {
  let database: Database & { url?: string };
  let dir: string | undefined;
  if (onPostgres) {
    database = await createTestDatabase();
  } else {
    dir = createTestDataDir('ms-crash-');
    database = await openPglite(dir);
    await database.migrate();
  }
  const { station, adminEmail } = await createStationWithAdmin(database.db, { slug });
  await setBilling(database.db, station.id, { smsCreditsBalance: CREDITS });
  await addSubscribers(database.db, station.id, { count });
  const message = await createMessage(database.db, station.id, {
    title: 'Flood',
    original: 'Flood warning: move to higher ground now.',
    type: 'emergency',
  });
  if (!onPostgres) await database.close();
  const env: Record<string, string> = onPostgres
    ? { DATABASE_URL: database.url as string }
    : { DATA_DIR: dir as string };
  const open = async () => {
    if (onPostgres) return database;
    const reopened = await openPglite(dir);
    return reopened;
  };
  const done = async (db: Database) => {
    if (!onPostgres) await db.close();
  };
  afterAll(async () => {
    if (onPostgres) await database.close();
    else if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { env, station, adminEmail, message, open, done };
}

function twilioEnv(rate: number, leaseSeconds: number) {
  return {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: 'crash-test-token',
    TWILIO_FROM_NUMBER: '+15005550006',
    TWILIO_API_BASE_URL: fake.url,
    SMS_RATE_PER_SECOND: String(rate),
    SMS_LEASE_SECONDS: String(leaseSeconds),
  };
}

/** Texts the fake accepted per recipient: what each person would have received. */
function receivedPerPhone() {
  const counts = new Map<string, number>();
  for (const m of fake.messages) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
  return counts;
}

/** Send attempts per number (accepted or refused), from what reached the fake. */
function attemptsPerPhone() {
  const counts = new Map<string, number>();
  for (const r of fake.requests) counts.set(r.form.To ?? '', (counts.get(r.form.To ?? '') ?? 0) + 1);
  return counts;
}

async function sendThrough(server: TServerProcess, adminEmail: string, messageId: string) {
  const admin = new HttpSession(server.url);
  await admin.login(adminEmail);
  const response = await admin.request('POST', `/admin/api/messages/${messageId}/send-sms`, undefined, {
    'Idempotency-Key': `crash-${messageId}`,
  });
  expect(response.status, response.text).toBe(200);
  return { admin, result: response.json() as { sent_count: number; credits: number } };
}

async function waitForAllFinal(admin: HttpSession, messageId: string, total: number) {
  await waitUntil(
    'every delivery to be sent or failed',
    async () => {
      const progress = (await admin.request('GET', `/admin/api/messages/${messageId}/deliveries`)).json();
      return progress.total === total && progress.queued === 0;
    },
    { timeoutMs: 90_000 },
  );
}

async function inFlightRows(db: Database['db']) {
  const rows = await db.execute(
    sql`select count(*)::int as n from ${smsDeliveries} where status in ('claimed', 'submitting')`,
  );
  return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

/** Everyone got exactly one text; refused numbers were tried once; credits and refunds add up. */
async function expectExactlyOnce(
  db: Database['db'],
  stationId: string,
  count: number,
  invalid: Set<string>,
  /** Refused numbers whose call may have been cut off by a kill (at most one chunk per kill). */
  maxRetriedRefused = 0,
) {
  const received = receivedPerPhone();
  const attempts = attemptsPerPhone();
  const duplicates = [...received.values()].filter((n) => n > 1).length;
  const missed = Array.from({ length: count }, (_, i) => crowdPhone(i)).filter(
    (phone) => !invalid.has(phone) && received.get(phone) !== 1,
  );
  expect({ duplicates, missed: missed.length }).toEqual({ duplicates: 0, missed: 0 });
  // A refused request leaves nothing at Twilio to find, so a refused number whose call a kill cut
  // off may be tried once more (no text, no charge); never more, and only those in flight.
  const retried = [...invalid].filter((phone) => attempts.get(phone) !== 1);
  for (const phone of invalid) expect(attempts.get(phone)).toBeGreaterThanOrEqual(1);
  for (const phone of retried) expect(attempts.get(phone)).toBe(2);
  expect(retried.length).toBeLessThanOrEqual(maxRetriedRefused);

  const rows = await db.select().from(smsDeliveries);
  expect(rows.filter((r) => r.status === 'sent').length).toBe(count - invalid.size);
  expect(rows.filter((r) => r.status === 'failed').length).toBe(invalid.size);
  expect(rows.reduce((n, r) => n + r.reclaimed, 0)).toBe(0);
  const segments = rows[0]?.segments ?? 1;
  const ledger = await db.select().from(creditLedger).where(eq(creditLedger.stationId, stationId));
  const debited = -ledger.filter((l) => l.kind === 'send').reduce((n, l) => n + l.credits, 0);
  const refunded = ledger.filter((l) => l.kind === 'refund').reduce((n, l) => n + l.credits, 0);
  expect(debited).toBe(count * segments);
  expect(refunded).toBe(invalid.size * segments);
  expect((await db.select().from(smsRefunds)).length).toBe(invalid.size);
  const station = await billingOf(db, stationId);
  // Credits spent = segments of the texts that reached the provider.
  expect(CREDITS - (station?.smsCreditsBalance ?? 0)).toBe((count - invalid.size) * segments);
}

function reset(invalid: Set<string>, slowAt: number) {
  fake.messages.length = 0;
  fake.requests.length = 0;
  fake.reply({ kind: 'ok' });
  slowAnswer(invalid, slowAt);
}

function slowAnswer(invalid: Set<string>, slowAt: number) {
  // Refused numbers fail permanently; the slowAt-th accepted text answers only after 2 s, so a
  // stop lands while Twilio already has it and the server does not know yet.
  fake.replyPer((form) => {
    if (invalid.has(form.To ?? '')) {
      return { kind: 'error', status: 400, code: 21614, message: "'To' number is not a valid mobile number" };
    }
    return fake.messages.length + 1 === slowAt ? { kind: 'ok', delayMs: 2000 } : null;
  });
}

describe('delivery through deploys and crashes (real server processes)', () => {
  it('SIGTERM drains and SIGKILL loses nothing: every recipient gets exactly one text', async () => {
    const count = 150;
    const t = await prepare('kcrash', count);
    const invalid = new Set(
      Array.from({ length: count }, (_, i) => i)
        .filter((i) => i % 15 === 7)
        .map((i) => crowdPhone(i)),
    );
    const env = { ...t.env, ...twilioEnv(40, 2) };

    // 1. A deploy: SIGTERM while a text is in Twilio's hands and others are claimed.
    reset(invalid, 20);
    const first = await startServerProcess(env);
    const { result } = await sendThrough(first, t.adminEmail, t.message.id);
    expect(result.sent_count).toBe(count);
    await waitUntil('the slow text to reach Twilio', () => fake.messages.length >= 20);
    first.kill('SIGTERM');
    expect(await first.exited, first.output()).toEqual({ code: 0, signal: null });
    const afterDeploy = await t.open();
    // Drained: the call in flight was recorded, the claims were given back, the lane released.
    expect(await inFlightRows(afterDeploy.db)).toBe(0);
    const [lane] = await afterDeploy.db.select().from(smsDispatchLanes);
    expect(lane?.holder).toBeNull();
    await t.done(afterDeploy);
    expect(receivedPerPhone().size).toBeLessThan(count - invalid.size);

    // 2. A crash: SIGKILL while the next slow text is in Twilio's hands.
    const accepted = fake.messages.length;
    slowAnswer(invalid, accepted + 20);
    const second = await startServerProcess(env);
    await waitUntil('the next slow text to reach Twilio', () => fake.messages.length >= accepted + 20);
    second.kill('SIGKILL');
    expect((await second.exited).signal).toBe('SIGKILL');
    const listsBefore = fake.listRequests();

    // 3. Back up: the text whose answer was lost is found at Twilio, not sent again.
    const third = await startServerProcess(env);
    const admin = new HttpSession(third.url);
    await admin.login(t.adminEmail);
    await waitForAllFinal(admin, t.message.id, count);
    expect(fake.listRequests()).toBeGreaterThan(listsBefore);
    third.kill('SIGTERM');
    expect((await third.exited).code).toBe(0);

    const db = await t.open();
    // One chunk of calls (40 at 40/s) was in flight at the kill; of those, refused ones may be retried.
    await expectExactlyOnce(db.db, t.station.id, count, invalid, 40);
    await t.done(db);
  }, 180_000);

  it('a send that takes longer than the lease: the holder renews it, no claim is taken back', async () => {
    const count = 60;
    const t = await prepare('klease', count);
    reset(new Set(), 0);
    const lists = fake.listRequests();
    // 60 texts at 20/s take 3 s; the lease is 1 s.
    const server = await startServerProcess({ ...t.env, ...twilioEnv(20, 1) });
    const { admin } = await sendThrough(server, t.adminEmail, t.message.id);
    await waitForAllFinal(admin, t.message.id, count);
    server.kill('SIGTERM');
    await server.exited;
    const db = await t.open();
    await expectExactlyOnce(db.db, t.station.id, count, new Set());
    const [lane] = await db.db.select().from(smsDispatchLanes);
    expect(lane?.takeovers).toBe(0);
    // Nothing had to be looked up: no holder died.
    expect(fake.listRequests()).toBe(lists);
    await t.done(db);
  }, 120_000);

  it.runIf(onPostgres)(
    'two servers on one PostgreSQL keep one pace, and the survivor takes over a killed node',
    async () => {
      const count = 120;
      const rate = 20;
      const t = await prepare('ktwo', count);
      reset(new Set(), 0);
      const env = { ...t.env, ...twilioEnv(rate, 1) };
      const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);

      // Two admins click Send at once, one on each node: one send, one 409.
      const sessions = [new HttpSession(a.url), new HttpSession(b.url)];
      await Promise.all(sessions.map((s) => s.login(t.adminEmail)));
      const answers = await Promise.all(
        sessions.map((s) => s.request('POST', `/admin/api/messages/${t.message.id}/send-sms`)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)?.json().code).toBe('send_in_progress');

      // Both nodes are awake; the texts still leave at one pace, not at two: two lanes would send
      // about 2 × rate. The bounds are wide on purpose: a busy machine makes one pace uneven (a
      // stalled chunk, then its catch-up), never twice as fast.
      await waitUntil('60 texts', () => fake.messages.length >= 60);
      const times = fake.messages.slice(10, 60).map((m) => m.created.getTime());
      const measured = (times.length - 1) / (((times.at(-1) as number) - (times[0] as number)) / 1000);
      expect(measured).toBeLessThan(rate * 1.5);
      expect(measured).toBeGreaterThan(rate * 0.5);

      // Kill the node holding the lane; the other takes over once its lease runs out.
      const db = await t.open();
      const [lane] = await db.db.select().from(smsDispatchLanes);
      const holderPid = Number(lane?.holder?.split('-')[0]);
      const [victim, survivor] = holderPid === a.pid ? [a, b] : [b, a];
      expect([a.pid, b.pid]).toContain(holderPid);
      victim.kill('SIGKILL');
      await victim.exited;
      const admin = new HttpSession(survivor.url);
      await admin.login(t.adminEmail);
      await waitForAllFinal(admin, t.message.id, count);
      survivor.kill('SIGTERM');
      await survivor.exited;
      await expectExactlyOnce(db.db, t.station.id, count, new Set());
      const [after] = await db.db.select().from(smsDispatchLanes);
      expect(after?.takeovers).toBeGreaterThanOrEqual(1);
    },
    180_000,
  );
});
