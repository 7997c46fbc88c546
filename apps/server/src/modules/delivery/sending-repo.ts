// Queries on a station's own SMS sender and pace (decisions 0016, 0065): the delivery module's
// station_sending rows, one per station.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationSending } from '../../db/schema/owned/delivery.js';

export type TStationSending = { id: string; smsSender: string | null; smsRatePerSecond: number | null };

const sendingColumns = {
  id: stationSending.stationId,
  smsSender: stationSending.smsSender,
  smsRatePerSecond: stationSending.smsRatePerSecond,
};

/** The sending row of a new station (in the station's creating transaction). */
export async function insertStationSending(db: DbOrTx, stationId: string) {
  await db.insert(stationSending).values({ stationId }).onConflictDoNothing();
}

/** The station's sender and rate, or null; `lock` holds the row until the transaction ends. */
export async function findStationSending(
  db: DbOrTx,
  stationId: string,
  lock = false,
): Promise<TStationSending | null> {
  const query = db.select(sendingColumns).from(stationSending).where(eq(stationSending.stationId, stationId));
  const [station] = lock ? await query.for('update') : await query;
  return station ?? null;
}

export async function setStationSending(
  tx: DbOrTx,
  stationId: string,
  values: { smsSender: string | null; smsRatePerSecond: number | null },
): Promise<TStationSending | null> {
  const [updated] = await tx
    .update(stationSending)
    .set({ smsSender: values.smsSender, smsRatePerSecond: values.smsRatePerSecond, updatedAt: sql`now()` })
    .where(eq(stationSending.stationId, stationId))
    .returning(sendingColumns);
  return updated ?? null;
}

/** The stations whose own sender is `sender` (the inbound text's To), oldest first (decision 0040). */
export async function findStationIdsBySender(db: DbOrTx, sender: string) {
  const rows = await db
    .select({ id: stationSending.stationId })
    .from(stationSending)
    .where(eq(stationSending.smsSender, sender))
    .orderBy(stationSending.createdAt);
  return rows.map((row) => row.id);
}
