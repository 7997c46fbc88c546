// The translate queue on pg-boss: jobs are written in the caller's transaction, beside the
// translation rows they serve, so a crash can never commit the rows without their jobs.
import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../../db/client.js';
import { currentRequestId } from '../../platform/request-context.js';
import type { TTranslationQueue } from '../messages/service.js';

export const TRANSLATE_QUEUE = 'translate';
const RETRY_LIMIT = 3;
const DEFAULT_RETRY_DELAY_SECONDS = 2;
/** Three retries of a transient failure, the first after `delay` seconds, doubling after. */
const retryOptions = (delay: number) => ({
  retryLimit: RETRY_LIMIT,
  retryDelay: delay,
  retryBackoff: delay > 0,
});
const RETRY = retryOptions(DEFAULT_RETRY_DELAY_SECONDS);

export async function declareTranslateQueue(boss: PgBoss) {
  await boss.createQueue(TRANSLATE_QUEUE, { name: TRANSLATE_QUEUE, ...RETRY });
}

/** pg-boss's numbered placeholders ($1 … $n) turned into a Drizzle query with the same values. */
function withValues(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null),
    ),
  );
}

/**
 * pg-boss's `db` option for one transaction. On PGlite this is also the only way in while the
 * transaction is open: the job runner's own connection would wait for it to end.
 */
export function jobsIn(tx: DbOrTx): PgBoss.Db {
  return {
    executeSql: async (text, values) => (await tx.execute(withValues(text, values))) as { rows: unknown[] },
  };
}

/** `workerIds` are the local translate workers to wake, when this node runs them. */
export function translationQueue(
  boss: PgBoss,
  workerIds: string[] = [],
  retryDelaySeconds = DEFAULT_RETRY_DELAY_SECONDS,
): TTranslationQueue {
  const retry = retryOptions(retryDelaySeconds);
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
