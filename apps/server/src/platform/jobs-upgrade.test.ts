// A database whose jobs pg-boss 10 holds, started with pg-boss 12 (decision 0072): pg-boss 12
// migrates nothing older than pg-boss 11's schema, so the job runner sets the old schema aside,
// lets pg-boss install its own, and sends the jobs still to run again; the old schema goes.
import { sql } from 'drizzle-orm';
import PgBoss10 from 'pg-boss-10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../test/db.js';
import { JOB_SCHEMA_V10, startJobRunner, type TJobRunner } from './jobs.js';

type TRow = Record<string, unknown>;
const rowsOf = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: TRow[] }).rows;

describe('a job schema made by pg-boss 10', () => {
  let database: Database;
  let runner: TJobRunner | undefined;
  const later = new Date(Date.now() + 3_600_000);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    // The database as pg-boss 10 left it: its schema (version 24), queues and jobs.
    await database.executeSql('drop schema pgboss cascade');
    const old = new PgBoss10({ db: { executeSql: database.executeSql }, supervise: false, schedule: false });
    await old.start();
    await old.createQueue('translate');
    await old.createQueue('schedules-due');
    await old.createQueue('weather-poll', { name: 'weather-poll', policy: 'stately' });
    await old.createQueue('a-queue-since-removed');
    // An ended job is not carried over.
    await old.send('translate', { messageId: 'm-0', language: 'fr', revision: 1 });
    const [done] = await old.fetch('translate');
    await old.complete('translate', done?.id ?? '');
    ids.translate =
      (await old.send(
        'translate',
        { messageId: 'm-1', language: 'es', revision: 3 },
        { priority: 10, retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 45 },
      )) ?? '';
    ids.schedules = (await old.send('schedules-due', {}, { startAfter: later })) ?? '';
    ids.weather = (await old.send('weather-poll', {}, { singletonKey: 'poll' })) ?? '';
    await old.send('a-queue-since-removed', {});
    await old.stop({ graceful: false, wait: true });
    const [version] = await rowsOf(database, sql`select version from pgboss.version`);
    expect(version?.version).toBe(24);

    runner = await startJobRunner(database, undefined, { runsJobs: false });
  });

  afterAll(async () => {
    await runner?.stop();
    await database.close();
  });

  it("is replaced by pg-boss 12's own, and the old one is dropped", async () => {
    const [version] = await rowsOf(database, sql`select version from pgboss.version`);
    expect(Number(version?.version)).toBeGreaterThan(24);
    const [aside] = await rowsOf(
      database,
      sql`select to_regnamespace(${JOB_SCHEMA_V10}) is not null as present`,
    );
    expect(aside?.present).toBe(false);
  });

  it('keeps each waiting job: its id, data, priority, retries, expiry, start time and singleton key', async () => {
    const rows = await rowsOf(
      database,
      sql`select id::text, name, state::text, data, priority, retry_limit, retry_delay, retry_backoff,
            expire_seconds, start_after, singleton_key
          from pgboss.job order by name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['schedules-due', 'translate', 'weather-poll']);
    const byName = Object.fromEntries(rows.map((row) => [row.name as string, row]));
    expect(byName.translate).toMatchObject({
      id: ids.translate,
      state: 'created',
      data: { messageId: 'm-1', language: 'es', revision: 3 },
      priority: 10,
      retry_limit: 3,
      retry_delay: 2,
      retry_backoff: true,
      expire_seconds: 45,
    });
    expect(byName['schedules-due']?.id).toBe(ids.schedules);
    expect(new Date(byName['schedules-due']?.start_after as string).getTime()).toBe(later.getTime());
    expect(byName['weather-poll']).toMatchObject({ id: ids.weather, singleton_key: 'poll' });
  });

  it('hands the moved jobs to workers, in queues declared as the job registry says', async () => {
    const boss = runner?.boss;
    if (!boss) throw new Error('no job runner');
    const [job] = await boss.fetch<{ messageId: string }>('translate');
    expect(job?.id).toBe(ids.translate);
    expect(job?.data.messageId).toBe('m-1');
    expect((await boss.getQueue('weather-poll'))?.policy).toBe('stately');
  });

  it('starts again on the upgraded database as on any other', async () => {
    await runner?.stop();
    runner = await startJobRunner(database, undefined, { runsJobs: false });
    const [count] = await rowsOf(database, sql`select count(*)::int as n from pgboss.job`);
    expect(count?.n).toBe(3);
  });
});
