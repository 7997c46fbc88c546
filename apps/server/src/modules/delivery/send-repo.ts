// Queries on sends and their delivery rows, for accepting a send (send.ts decides what is checked
// and runs them all in the accepting transaction).
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsDeliveries, smsSends } from '../../db/schema/owned/delivery.js';

export type TSendRow = typeof smsSends.$inferSelect;

/** The station's latest send of the message, or null. */
export async function findLatestSend(tx: DbOrTx, stationId: string, messageId: string) {
  const [previous] = await tx
    .select()
    .from(smsSends)
    .where(and(eq(smsSends.stationId, stationId), eq(smsSends.messageId, messageId)))
    .orderBy(desc(smsSends.createdAt))
    .limit(1);
  return previous ?? null;
}

/** Whether any text of the send is still to go out or going (queued, claimed or submitting). */
export async function hasDeliveriesInFlight(tx: DbOrTx, sendId: string) {
  const [inFlight] = await tx
    .select({ one: sql<number>`1` })
    .from(smsDeliveries)
    .where(
      and(
        eq(smsDeliveries.sendId, sendId),
        sql`${smsDeliveries.status} in ('queued', 'claimed', 'submitting')`,
      ),
    )
    .limit(1);
  return inFlight !== undefined;
}

/** The station's send made with this Idempotency-Key, or null. */
export async function findSendByKey(tx: DbOrTx, stationId: string, idempotencyKey: string) {
  const [earlier] = await tx
    .select()
    .from(smsSends)
    .where(and(eq(smsSends.stationId, stationId), eq(smsSends.idempotencyKey, idempotencyKey)));
  return earlier ?? null;
}

export async function insertSendRow(tx: DbOrTx, values: typeof smsSends.$inferInsert) {
  const [send] = await tx.insert(smsSends).values(values).returning({ id: smsSends.id });
  return send ?? null;
}

/**
 * Inserts the delivery rows that `rows` selects, in one statement (a send of 100,000 stays one):
 * its columns are station_id, send_id, contact_id, phone, language, body, segments, not_before,
 * priority, lane and created_at, in that order. Answers how many were inserted, when the driver says.
 */
export async function insertDeliveries(tx: DbOrTx, rows: SQL): Promise<number | null> {
  const inserted = await tx.execute(sql`
    insert into ${smsDeliveries} (station_id, send_id, contact_id, phone, language, body, segments, not_before, priority, lane, created_at)
    ${rows}`);
  const count =
    (inserted as { rowCount?: number; affectedRows?: number }).rowCount ??
    (inserted as { affectedRows?: number }).affectedRows;
  return count ?? null;
}
