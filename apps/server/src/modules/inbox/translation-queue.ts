// The inbox's translate queue on pg-boss: one job per inbound text, written in the webhook's
// transaction beside the text it serves, so the webhook answers at once and a crash never keeps
// the text without its job. An api node only declares it; workers take the jobs (decision 0036).
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../db/client.js';
import { currentRequestId } from '../../platform/request-context.js';
import { jobsIn } from '../translation/jobs-service.js';

export const INBOX_TRANSLATE_QUEUE = 'inbox-translate';
/** Transient engine failures: three retries, 2 s then doubling (as the messages' translations). */
const RETRY = { retryLimit: 3, retryDelay: 2, retryBackoff: true };

export type TInboxTranslationJob = { stationId: string; messageId: string; requestId?: string };

export type TInboxQueue = {
  enqueue(tx: DbOrTx, job: TInboxTranslationJob): Promise<void>;
  /** Starts this node's worker now rather than at its next poll; call after the commit. */
  wake(): void;
};

export async function declareInboxQueue(boss: PgBoss, retryDelaySeconds = RETRY.retryDelay) {
  await boss.createQueue(INBOX_TRANSLATE_QUEUE, {
    name: INBOX_TRANSLATE_QUEUE,
    ...RETRY,
    retryDelay: retryDelaySeconds,
    retryBackoff: retryDelaySeconds > 0,
  });
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
