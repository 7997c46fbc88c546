// Queries on the credit ledger. Its rows are written only by ledger.ts, beside the change to the
// station's balance they record, in the same transaction.
import type { TCreditLedgerKind } from '@message-station/shared';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
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
