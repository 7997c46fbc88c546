// Queries on a station's own SMS sender and pace (decision 0016), for delivery's sending lanes.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stations } from '../../db/schema/owned/station.js';

export type TStationSending = { id: string; smsSender: string | null; smsRatePerSecond: number | null };

/** The station's sender and rate; `lock` holds the row until the transaction ends. */
export async function findStationSending(db: DbOrTx, stationId: string, lock = false) {
  const query = db
    .select({ id: stations.id, smsSender: stations.smsSender, smsRatePerSecond: stations.smsRatePerSecond })
    .from(stations)
    .where(eq(stations.id, stationId));
  const [station] = lock ? await query.for('update') : await query;
  return station ?? null;
}

/** The sender and rate of the station a lane belongs to, or null when there is no such station. */
export async function findLaneStation(db: DbOrTx, stationId: string) {
  const [station] = await db
    .select({ sender: stations.smsSender, rate: stations.smsRatePerSecond })
    .from(stations)
    .where(eq(stations.id, stationId));
  return station ?? null;
}

export async function setStationSendingColumns(
  tx: DbOrTx,
  stationId: string,
  values: { smsSender: string | null; smsRatePerSecond: number | null },
): Promise<TStationSending | null> {
  const [updated] = await tx
    .update(stations)
    .set({
      smsSender: values.smsSender,
      smsRatePerSecond: values.smsRatePerSecond,
      updatedAt: sql`now()`,
    })
    .where(eq(stations.id, stationId))
    .returning({
      id: stations.id,
      smsSender: stations.smsSender,
      smsRatePerSecond: stations.smsRatePerSecond,
    });
  return updated ?? null;
}

/** The stations whose own sender is `sender` (the inbound text's To), oldest first (decision 0040). */
export async function findStationIdsBySender(db: DbOrTx, sender: string) {
  const rows = await db
    .select({ id: stations.id })
    .from(stations)
    .where(eq(stations.smsSender, sender))
    .orderBy(stations.createdAt);
  return rows.map((row) => row.id);
}
