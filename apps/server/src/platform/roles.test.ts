// `--role api|worker` with real processes on one PostgreSQL: an api node serves the API and only
// queues work (translations and texts wait in the database while no worker runs); a worker node
// serves no API and does the work; two workers send each text once. On PGlite a split is refused
// (the embedded database opens in one process only).
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../db/client.js';
import { smsDeliveries } from '../db/schema/index.js';
import { addSubscribers, crowdPhone } from '../test/crowd.js';
import { createTestDatabase } from '../test/db.js';
import { createStationWithAdmin, setBilling } from '../test/factories.js';
import { startFakeTwilio } from '../test/fake-twilio.js';
import { waitUntil } from '../test/poll.js';
import {
  HttpSession,
  runServerUntilExit,
  startServerProcess,
  stopServerProcesses,
  type TServerProcess,
} from '../test/server-process.js';

const onPostgres = process.env.TEST_DB === 'postgres';
const SUBSCRIBERS = 40;

afterEach(stopServerProcesses);

async function jobStates(db: Database['db'], queue: string) {
  const result = await db.execute(sql`select state from pgboss.job where name = ${queue}`);
  return (result as unknown as { rows: { state: string }[] }).rows.map((r) => r.state);
}

/** The database's clock (ms), which stamps pg-boss's jobs. */
async function databaseNow(db: Database['db']) {
  const result = await db.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as now`);
  return (result as unknown as { rows: { now: number }[] }).rows[0]?.now ?? Number.NaN;
}

/** When the first job of the queue was started (ms), by the database's clock. */
async function jobStartedAt(db: Database['db'], queue: string) {
  const result = await db.execute(
    sql`select (extract(epoch from min(started_on)) * 1000)::float8 as at from pgboss.job where name = ${queue}`,
  );
  return (result as unknown as { rows: { at: number }[] }).rows[0]?.at ?? Number.NaN;
}

async function deliveryStatuses(db: Database['db']) {
  return (await db.select({ status: smsDeliveries.status }).from(smsDeliveries)).map((r) => r.status);
}

describe('server roles', () => {
  // Once (on the PGlite run): it opens no database.
  it.skipIf(onPostgres)(
    'refuses --role api or worker on the embedded database, and an unknown role',
    async () => {
      const dataDir = { DATA_DIR: '/tmp/ms-roles-refused', NODE_ENV: 'development', DEV_TOOLS: 'true' };
      const api = await runServerUntilExit(dataDir, ['--role', 'api']);
      expect(api.code).toBe(1);
      expect(api.output).toContain('ROLE: api nodes share one PostgreSQL database with the other nodes');
      const unknown = await runServerUntilExit(dataDir, ['--role=cron']);
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain('--role: choose all, api or worker (not "cron")');
      const typo = await runServerUntilExit(dataDir, ['--rol', 'api']);
      expect(typo.output).toContain('Unknown option --rol');
    },
  );

  it.skipIf(!onPostgres)(
    'an api node only queues; workers translate and send, each text once across two of them',
    async () => {
      const fake = await startFakeTwilio();
      onTestFinished(() => fake.close());
      const database = await createTestDatabase();
      onTestFinished(() => database.close());
      const { db } = database;
      const { station, adminEmail } = await createStationWithAdmin(db, {
        slug: 'kroles',
        languages: ['en', 'es'],
      });
      await setBilling(db, station.id, { smsCreditsBalance: 1000 });
      // An emergency: it goes at any hour. An alert waits for 8 AM in the subscribers' zone (quiet
      // hours, 9 PM to 8 AM), and this test runs against the real clock at any time of day.
      await addSubscribers(db, station.id, { count: SUBSCRIBERS, language: 'es', messageType: 'emergency' });
      const env = {
        DATABASE_URL: database.url as string,
        TRANSLATION_PROVIDERS: 'apertium',
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000004',
        TWILIO_AUTH_TOKEN: 'roles-test-token',
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: fake.url,
        SMS_RATE_PER_SECOND: '100',
        SMS_LEASE_SECONDS: '2',
      };

      const api = await startServerProcess(env, ['--role', 'api']);
      expect(await (await fetch(`${api.url}/readyz`)).json()).toMatchObject({ role: 'api' });
      const staff = new HttpSession(api.url);
      await staff.login(adminEmail);
      const created = await staff.request('POST', '/admin/api/messages', {
        title: 'Road closed',
        original: 'The bridge is closed.',
        original_language: 'en',
        target_languages: ['es'],
        message_type: 'emergency',
      });
      expect(created.status, created.text).toBe(201);
      const messageId = created.json().id as string;
      const translation = async () => {
        const list = (await staff.request('GET', '/admin/api/messages')).json();
        return list.find((m: { id: string }) => m.id === messageId).translations[0];
      };

      // No worker yet: the job is queued. Whether the api node ever takes it is read from the job
      // itself below: a node running jobs takes it at once (it wakes its own workers), so it would
      // start before the worker process even exists.
      expect(await jobStates(db, 'translate')).toEqual(['created']);
      expect((await translation()).translation_status).toBe('pending');

      const workerSpawnedAt = await databaseNow(db);
      const worker = await startServerProcess(env, ['--role', 'worker']);
      const ready = await (await fetch(`${worker.url}/readyz`)).json();
      expect(ready).toEqual({ status: 'ready', database: 'postgres', role: 'worker' });
      // A worker serves no API and no pages.
      const api404 = await fetch(`${worker.url}/admin/api/messages`);
      expect(api404.status).toBe(404);
      expect(await api404.json()).toMatchObject({ code: 'not_found' });
      expect((await fetch(`${worker.url}/auth/session`)).status).toBe(404);
      await waitUntil(
        'the worker to translate',
        async () => (await translation()).translation_status !== 'pending',
        {
          timeoutMs: 30_000,
          intervalMs: 100,
        },
      );
      expect(await translation()).toMatchObject({ translation_status: 'completed' });
      expect(await jobStartedAt(db, 'translate')).toBeGreaterThanOrEqual(workerSpawnedAt);

      // The worker stops (a deploy): the send is accepted by the api node and waits, unsent.
      worker.kill('SIGTERM');
      expect((await worker.exited).code).toBe(0);
      // The engine's Spanish is unreviewed: the admin ticks "Send anyway" (decision 0050).
      const sent = await staff.request('POST', `/admin/api/messages/${messageId}/send-sms`, {
        send_unreviewed: true,
      });
      expect(sent.status, sent.text).toBe(200);
      expect(fake.requests).toHaveLength(0);
      expect(new Set(await deliveryStatuses(db))).toEqual(new Set(['queued']));

      // Two workers start: every subscriber gets the Spanish text once, and none before them (a
      // node that dispatches starts at once on its own wake).
      const workersSpawnedAt = Date.now();
      const workers: TServerProcess[] = await Promise.all([
        startServerProcess(env, ['--role', 'worker']),
        startServerProcess(env, ['--role', 'worker']),
      ]);
      await waitUntil(
        'every text sent',
        async () => (await deliveryStatuses(db)).every((s) => s === 'sent'),
        {
          timeoutMs: 60_000,
          intervalMs: 100,
        },
      );
      expect(fake.messages.every((m) => m.created.getTime() >= workersSpawnedAt)).toBe(true);
      const perPhone = new Map<string, number>();
      for (const m of fake.messages) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
      expect(perPhone.size).toBe(SUBSCRIBERS);
      expect([...perPhone.values()].every((n) => n === 1)).toBe(true);
      expect(perPhone.has(crowdPhone(0))).toBe(true);
      const spanish = (await translation()).translated_text as string;
      expect(fake.messages.every((m) => m.body.includes(spanish))).toBe(true);

      // SIGTERM: every node stops cleanly.
      for (const node of [api, ...workers]) node.kill('SIGTERM');
      for (const node of [api, ...workers]) expect((await node.exited).code).toBe(0);
    },
    120_000,
  );
});
