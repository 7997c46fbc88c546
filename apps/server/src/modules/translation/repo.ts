// Queries across stations for the translation sweep: pending rows that no pg-boss job serves.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageTranslations } from '../../db/schema/owned/messages.js';
import { TRANSLATE_QUEUE } from './queue.js';

/** Any number works as long as every node uses the same one. */
const SWEEP_LOCK_KEY = 7_412_300_014;

/** Holds the sweep until this transaction ends; another node's sweep waits for it. */
export async function takeSweepLock(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SWEEP_LOCK_KEY})`);
}

/**
 * Pending rows last written before `updatedBefore` with no job waiting, retrying or running for
 * their revision. Jobs are matched on the data the worker reads, so every job ever queued counts.
 * pg-boss keeps its tables in the `pgboss` schema (platform/jobs.ts).
 */
export function listPendingWithoutJob(db: DbOrTx, updatedBefore: Date, limit: number) {
  const t = messageTranslations;
  return db
    .select({
      stationId: t.stationId,
      messageId: t.messageId,
      language: t.languageCode,
      revision: t.revision,
    })
    .from(t)
    .where(
      and(
        eq(t.status, 'pending'),
        lte(t.updatedAt, updatedBefore),
        sql`not exists (
          select 1 from pgboss.job j
          where j.name = ${TRANSLATE_QUEUE}
            and j.state in ('created', 'retry', 'active')
            and j.data->>'messageId' = ${t.messageId}::text
            and j.data->>'language' = ${t.languageCode}
            and (j.data->>'revision')::int = ${t.revision}
        )`,
      ),
    )
    .orderBy(t.updatedAt)
    .limit(limit);
}
