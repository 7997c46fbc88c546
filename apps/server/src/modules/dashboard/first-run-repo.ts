// The first-run checklist's state per station (decision 0065): one row per station, created with it.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { stationFirstRun } from '../../db/schema/owned/dashboard.js';

/** The first-run row of a new station (in the station's creating transaction). */
export async function insertFirstRun(db: DbOrTx, stationId: string) {
  await db.insert(stationFirstRun).values({ stationId }).onConflictDoNothing();
}

/** When an admin hid the checklist; null: shown (also without a row). */
export async function findFirstRunHiddenAt(db: DbOrTx, stationId: string): Promise<Date | null> {
  const [row] = await db
    .select({ hiddenAt: stationFirstRun.hiddenAt })
    .from(stationFirstRun)
    .where(eq(stationFirstRun.stationId, stationId))
    .limit(1);
  return row?.hiddenAt ?? null;
}

/** Hides the checklist (a time), or shows it again (null). */
export async function setFirstRunHidden(db: DbOrTx, stationId: string, hiddenAt: Date | null) {
  await db
    .insert(stationFirstRun)
    .values({ stationId, hiddenAt })
    .onConflictDoUpdate({ target: stationFirstRun.stationId, set: { hiddenAt } });
}
