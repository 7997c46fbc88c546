// Safety net under the translate queue: pending rows that no job serves any more (a job that
// died without writing its row, rows a node running older code committed before it crashed) get
// a new job, every minute on one node and once whenever a node starts.
import type { Db } from '../../db/client.js';
import type { TQueueName } from '../../platform/job-registry.js';
import { listPendingTranslationsWithoutJob, type TTranslationQueue } from '../messages/service.js';
import { TRANSLATE_QUEUE } from './queue.js';
import { takeSweepLock } from './repo.js';

export const SWEEP_QUEUE = 'translate-sweep' satisfies TQueueName;
/** Leaves alone rows a node committed moments ago and is still queuing for. */
export const STALE_AFTER_SECONDS = 120;
/** Per sweep; the rest follow at the next one. */
const SWEEP_BATCH = 500;

/** Queues a job for each stale pending row without one; answers how many were queued. */
export async function requeueStalePending(
  db: Db,
  queue: TTranslationQueue,
  options: { now: Date; staleAfterSeconds: number },
) {
  const updatedBefore = new Date(options.now.getTime() - options.staleAfterSeconds * 1000);
  // Sweeps take turns across nodes: the second sees the first's jobs and does not queue a row again.
  const queued = await db.transaction(async (tx) => {
    await takeSweepLock(tx);
    const jobs = await listPendingTranslationsWithoutJob(tx, {
      jobQueue: TRANSLATE_QUEUE,
      updatedBefore,
      limit: SWEEP_BATCH,
    });
    await queue.enqueue(tx, jobs);
    return jobs.length;
  });
  if (queued > 0) queue.wake();
  return queued;
}
