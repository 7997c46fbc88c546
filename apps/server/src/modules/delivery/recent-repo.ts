// Which station last texted a number: the inbox's routing of a reply from a number that is a
// contact of several stations (decision 0040). Only asked then, so the lack of a phone index on
// the deliveries (kept lean for 100k-row sends) costs a scan only in that rare case.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsDeliveries } from '../../db/schema/owned/delivery.js';

/** Of these stations, the one whose delivery to `phone` is the latest, or null when none texted it. */
export async function latestStationToText(db: DbOrTx, phone: string, stationIds: string[]) {
  if (stationIds.length === 0) return null;
  const [row] = await db
    .select({ stationId: smsDeliveries.stationId })
    .from(smsDeliveries)
    .where(and(eq(smsDeliveries.phone, phone), inArray(smsDeliveries.stationId, stationIds)))
    .orderBy(desc(smsDeliveries.createdAt))
    .limit(1);
  return row?.stationId ?? null;
}
