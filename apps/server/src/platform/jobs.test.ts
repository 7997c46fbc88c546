// The job runner's stop: a job still running when the graceful wait ends finishes after the
// database has closed, and nothing fails for it (pg-boss records a job's end without awaiting it).
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
    await runner.boss.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      started += 1;
      await gate;
      throw new Error('failed after the stop');
    });
    await runner.boss.send(QUEUE, {});
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 10_000, interval: 50 });

    await runner.stop();
    await database.close();
    // What pg-boss queries from now on: the failure of the job that is still running.
    const queries = vi.spyOn(runner.boss.getDb(), 'executeSql');
    // The handler ends now, on a closed database: pg-boss records its failure without awaiting it.
    release();
    await vi.waitFor(() => expect(queries).toHaveBeenCalled(), { timeout: 5_000, interval: 10 });
    // Each answers without the closed database (on it, each would reject, unhandled inside pg-boss).
    for (const result of queries.mock.results)
      await expect(result.value).resolves.toEqual({ rows: [{ count: 0 }] });
  });
});
