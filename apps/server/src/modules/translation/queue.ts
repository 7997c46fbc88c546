// The translate queue on pg-boss: jobs are written in the caller's transaction, beside the
// translation rows they serve, so a crash can never commit the rows without their jobs.
import type { PgBoss } from 'pg-boss';
import { declareQueue, type TQueueName } from '../../platform/job-registry.js';
import { jobsIn } from '../../platform/jobs.js';
import { currentRequestId } from '../../platform/request-context.js';
import type { TTranslationQueue } from '../messages/service.js';

export const TRANSLATE_QUEUE = 'translate' satisfies TQueueName;
const RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 2;
/** Three retries of a transient failure, the first after `delay` seconds, doubling after. */
const retryOptions = (delay: number) => ({
  retryLimit: RETRY_LIMIT,
  retryDelay: delay,
  retryBackoff: delay > 0,
});
/** TRANSLATION_TIMEOUT_MS's default: one engine call's limit. */
const DEFAULT_ENGINE_TIMEOUT_MS = 20_000;

/**
 * How long a translate job may be active before pg-boss counts it as lost (decision 0056): room
 * for two engine calls that run to their time limit, and never under 45 s. A node killed in the
 * middle of a job leaves it active; pg-boss's supervision (every 10 s, platform/jobs.ts) fails it
 * once this has passed and it is retried, so a crash costs about a minute instead of pg-boss's
 * default 15 minutes. The job keeps under it by itself (worker.ts: JOB_DEADLINE_MARGIN_SECONDS).
 */
export function translateExpireSeconds(engineTimeoutMs = DEFAULT_ENGINE_TIMEOUT_MS): number {
  return Math.max(45, Math.ceil((2 * engineTimeoutMs) / 1000) + 5);
}

export async function declareTranslateQueue(boss: PgBoss, engineTimeoutMs?: number) {
  // Retried as retryOptions(2) says (the job registry holds the queue's options), lost after the expiry.
  await declareQueue(boss, TRANSLATE_QUEUE, { expireInSeconds: translateExpireSeconds(engineTimeoutMs) });
}

/** `workerIds` are the local translate workers to wake, when this node runs them. */
export function translationQueue(
  boss: PgBoss,
  workerIds: string[] = [],
  retryDelaySeconds = DEFAULT_RETRY_DELAY_SECONDS,
  engineTimeoutMs?: number,
): TTranslationQueue {
  // Each job carries its expiry: a queue declared before it had one keeps pg-boss's 15 minutes.
  const retry = {
    ...retryOptions(retryDelaySeconds),
    expireInSeconds: translateExpireSeconds(engineTimeoutMs),
  };
  return {
    async enqueue(tx, jobs) {
      const db = jobsIn(tx);
      // The request that queued them, for the worker's log lines and the engine's call.
      const requestId = currentRequestId();
      for (const job of jobs) {
        const data = requestId && !job.requestId ? { ...job, requestId } : job;
        await boss.send(TRANSLATE_QUEUE, data, { ...retry, priority: job.priority ?? 0, db });
      }
    },
    wake() {
      for (const id of workerIds) boss.notifyWorker(id);
    },
  };
}
