// The job runner's stop: a job still running when the graceful wait ends finishes after the
// database has closed, and nothing fails for it (pg-boss records a job's end without awaiting it).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { startJobRunner } from './jobs.js';

const QUEUE = 'slow-job-test';

describe('job runner stop', () => {
  const rejections: unknown[] = [];
  const record = (reason: unknown) => rejections.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', record);
  });

  it('lets a job that outlasts the graceful stop end after the database closed, with no unhandled rejection', async () => {
    process.on('unhandledRejection', record);
    const database = await createTestDatabase();
    const runner = await startJobRunner(database, undefined, { stopTimeoutMs: 200 });
    await runner.boss.createQueue(QUEUE);
    let release: (outcome: 'done' | 'fail') => void = () => {};
    const gate = new Promise<'done' | 'fail'>((resolve) => {
      release = resolve;
    });
    let started = 0;
    await runner.boss.work(QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
      started += 1;
      if ((await gate) === 'fail') throw new Error('failed after the stop');
    });
    await runner.boss.send(QUEUE, {});
    await vi.waitFor(() => expect(started).toBe(1), { timeout: 10_000, interval: 50 });

    await runner.stop();
    await database.close();
    // The handler ends now, on a closed database: pg-boss records its failure and forgets it.
    release('fail');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).toEqual([]);
  });
});
