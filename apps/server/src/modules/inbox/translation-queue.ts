// The inbox's translate queue on pg-boss: one job per inbound text, written in the webhook's
// transaction beside the text it serves, so the webhook answers at once and a crash never keeps
// the text without its job. An api node only declares it; workers take the jobs (decision 0036).
import type { PgBoss } from 'pg-boss';
import type { DbOrTx } from '../../db/client.js';
import { declareQueue, type TQueueName } from '../../platform/job-registry.js';
import { currentRequestId } from '../../platform/request-context.js';
import { jobsIn } from '../translation/jobs-service.js';

export const INBOX_TRANSLATE_QUEUE = 'inbox-translate' satisfies TQueueName;

export type TInboxTranslationJob = { stationId: string; messageId: string; requestId?: string };

export type TInboxQueue = {
  enqueue(tx: DbOrTx, job: TInboxTranslationJob): Promise<void>;
  /** Starts this node's worker now rather than at its next poll; call after the commit. */
  wake(): void;
};

/** Transient engine failures: three retries, 2 s (or `retryDelaySeconds`) then doubling (platform/job-registry.ts). */
export async function declareInboxQueue(boss: PgBoss, retryDelaySeconds?: number) {
  await declareQueue(boss, INBOX_TRANSLATE_QUEUE, { retryDelaySeconds });
}

/** `workerIds`: the local workers to wake, when this node runs them. */
export function inboxQueue(boss: PgBoss, workerIds: string[] = []): TInboxQueue {
  return {
    async enqueue(tx, job) {
      const requestId = job.requestId ?? currentRequestId();
      await boss.send(INBOX_TRANSLATE_QUEUE, requestId ? { ...job, requestId } : job, { db: jobsIn(tx) });
    },
    wake() {
      for (const id of workerIds) boss.notifyWorker(id);
    },
  };
}
