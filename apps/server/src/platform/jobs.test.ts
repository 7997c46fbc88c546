// The job runner's stop: a job still running when the graceful wait ends finishes after the
// database has closed, and nothing fails for it. pg-boss 12 fails the job at the stop (it runs
// again, as after a crash) and records nothing when its handler ends later; were it to query
// then, the runner answers without the closed database.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { startJobRunner } from './jobs.js';

const QUEUE = 'slow-job-test';

describe('job runner stop', () => {
  it('lets a job that outlasts the graceful stop end after the database closed, without a query on it', async () => {
    const database = await createTestDatabase();
    const runner = await startJobRunner(database, undefined, { stopTimeoutMs: 200 });
    await runner.boss.createQueue(QUEUE);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    let ended = false;
    await runner.boss.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      started += 1;
      try {
        await gate;
        throw new Error('failed after the stop');
      } finally {
        ended = true;
      }
    });
    await runner.boss.send(QUEUE, {});
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 10_000, interval: 50 });

    await runner.stop();
    // The stop failed the job that was still running: it is to be retried.
    const jobs = await database.db.execute(sql`select state::text from pgboss.job where name = ${QUEUE}`);
    expect((jobs as unknown as { rows: { state: string }[] }).rows).toEqual([{ state: 'retry' }]);
    await database.close();
    // What pg-boss queries from now on, if anything.
    const queries = vi.spyOn(runner.boss.getDb(), 'executeSql');
    // The handler ends now, on a closed database.
    release();
    await vi.waitFor(() => expect(ended).toBe(true), { timeout: 5_000, interval: 10 });
    await new Promise((resolve) => setImmediate(resolve));
    // Each answers without the closed database (on it, each would reject, unhandled inside pg-boss).
    for (const result of queries.mock.results)
      await expect(result.value).resolves.toEqual({ rows: [{ count: 0 }] });
  });
});

describe('job runner maintenance', () => {
  it('runs a supervision pass (expired jobs, retention walk) without an error on this database', async () => {
    const database = await createTestDatabase();
    const runner = await startJobRunner(database);
    const errors: unknown[] = [];
    runner.boss.on('error', (error) => errors.push(error));
    try {
      await runner.boss.createQueue(QUEUE);
      await runner.boss.send(QUEUE, { n: 1 });
      const [job] = await runner.boss.fetch(QUEUE);
      if (!job) throw new Error('the job sent was not fetched');
      await runner.boss.complete(QUEUE, job.id);
      // The pass the runner makes every 10 s: PGlite answers a batch of statements with every
      // statement's rows, as pg-boss's retention walk reads one from the middle (decision 0072).
      await runner.boss.supervise(QUEUE);
      expect(errors).toEqual([]);
    } finally {
      await runner.stop();
      await database.close();
    }
  });
});
