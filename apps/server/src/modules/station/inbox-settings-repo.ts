// The station's inbox setting (decision 0040): answer texts with the auto-reply while unattended.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stations } from '../../db/schema/owned/station.js';

export async function setInboxAutoReply(db: DbOrTx, stationId: string, on: boolean) {
  const [row] = await db
    .update(stations)
    .set({ inboxAutoReply: on, updatedAt: sql`now()` })
    .where(eq(stations.id, stationId))
    .returning({ inboxAutoReply: stations.inboxAutoReply });
  return row ?? null;
}
