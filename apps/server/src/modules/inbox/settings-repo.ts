// The station's inbox settings (decisions 0040, 0065): one row per station, created with it.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationInboxSettings } from '../../db/schema/owned/inbox.js';

/** The settings row of a new station (in the station's creating transaction). */
export async function insertInboxSettings(db: DbOrTx, stationId: string) {
  await db.insert(stationInboxSettings).values({ stationId }).onConflictDoNothing();
}

/** Whether the station's auto-reply is on (off without a row). */
export async function findInboxAutoReply(db: DbOrTx, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ autoReply: stationInboxSettings.autoReply })
    .from(stationInboxSettings)
    .where(eq(stationInboxSettings.stationId, stationId))
    .limit(1);
  return row?.autoReply ?? false;
}

/** Turns the auto-reply on or off; answers the stored switch. */
export async function setInboxAutoReply(db: DbOrTx, stationId: string, on: boolean) {
  const [row] = await db
    .insert(stationInboxSettings)
    .values({ stationId, autoReply: on })
    .onConflictDoUpdate({
      target: stationInboxSettings.stationId,
      set: { autoReply: on, updatedAt: sql`now()` },
    })
    .returning({ autoReply: stationInboxSettings.autoReply });
  return row ?? null;
}
