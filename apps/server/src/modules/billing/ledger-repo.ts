// Queries on the credit ledger. Its rows are written only by ledger.ts, beside the change to the
// station's balance they record, in the same transaction.
import type { TCreditLedgerKind } from '@message-station/shared';
import { and, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { creditLedger } from '../../db/schema/owned/billing.js';

export async function insertLedgerEntry(tx: DbOrTx, values: typeof creditLedger.$inferInsert) {
  await tx.insert(creditLedger).values(values);
}

/** The station's latest entry of one of `kinds`, or null. */
export async function findLatestEntryOf(db: DbOrTx, stationId: string, kinds: TCreditLedgerKind[]) {
  const [row] = await db
    .select({ createdAt: creditLedger.createdAt, seq: creditLedger.seq })
    .from(creditLedger)
    .where(and(eq(creditLedger.stationId, stationId), inArray(creditLedger.kind, kinds)))
    .orderBy(desc(creditLedger.seq))
    .limit(1);
  return row ?? null;
}

/** The credits of the station's entries from `since` on, summed by kind. */
export function sumCreditsByKindSince(db: DbOrTx, stationId: string, since: Date) {
  return db
    .select({ kind: creditLedger.kind, credits: sql<number>`coalesce(sum(${creditLedger.credits}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.stationId, stationId), gte(creditLedger.createdAt, since)))
    .groupBy(creditLedger.kind);
}

export async function listLedger(db: DbOrTx, stationId: string, limit = 100) {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.stationId, stationId))
    .orderBy(desc(creditLedger.seq))
    .limit(limit);
}

/**
 * The credits granted in the station's current month (its latest grant on, as creditBreakdown's
 * `included`), as a scalar subquery for the dashboard's one statement (decision 0061).
 */
export function includedCreditsSql(stationId: SQL): SQL {
  const openers = sql`('monthly_grant', 'trial_grant')`;
  return sql`(select coalesce(sum(l.credits), 0)::int from ${creditLedger} l
    where l.station_id = ${stationId} and l.kind in ${openers}
      and l.created_at >= coalesce((select o.created_at from ${creditLedger} o
        where o.station_id = ${stationId} and o.kind in ${openers} order by o.seq desc limit 1), '-infinity'::timestamptz))`;
}
