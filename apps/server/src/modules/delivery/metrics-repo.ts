// What /metrics reads of the deliveries: texts by status (from the per-send rollups, not a scan of
// every delivery) and, per sending lane, how long the oldest due text has waited.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { DELIVERY_STATUSES, smsDeliveries, smsSendStats } from '../../db/schema/owned/delivery.js';

/** The rollup column of a status: held_after_restore → heldAfterRestore. */
const statColumn = (status: (typeof DELIVERY_STATUSES)[number]) =>
  smsSendStats[
    status.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) as keyof typeof smsSendStats.$inferSelect
  ];

export async function deliveriesByStatus(db: Db): Promise<{ status: string; count: number }[]> {
  const [row] = await db
    .select(
      Object.fromEntries(
        DELIVERY_STATUSES.map((status) => [
          status,
          sql<number>`coalesce(sum(${statColumn(status)}), 0)::float8`,
        ]),
      ),
    )
    .from(smsSendStats);
  return DELIVERY_STATUSES.map((status) => ({ status, count: Number(row?.[status] ?? 0) }));
}

/** Seconds the oldest text due now has waited, per lane with any (the due index serves it). */
export async function dispatchLagByLane(db: Db, now: Date): Promise<{ lane: string; seconds: number }[]> {
  const rows = await db
    .select({
      lane: smsDeliveries.lane,
      seconds: sql<number>`extract(epoch from (${now.toISOString()}::timestamptz - min(${smsDeliveries.notBefore})))::float8`,
    })
    .from(smsDeliveries)
    .where(
      sql`${smsDeliveries.status} = 'queued' and ${smsDeliveries.notBefore} <= ${now.toISOString()}::timestamptz`,
    )
    .groupBy(smsDeliveries.lane);
  return rows.map((r) => ({ lane: r.lane, seconds: Math.max(0, Number(r.seconds)) }));
}
