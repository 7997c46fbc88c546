// Queries of the weather tables: a station's settings, the stations to check, and the alerts a
// station received. Every query names the station.
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { weatherAlerts, weatherSettings } from '../../db/schema/owned/weather.js';

export type TWeatherSettingsRow = typeof weatherSettings.$inferSelect;
export type TWeatherAlertRow = typeof weatherAlerts.$inferSelect;
export type TNewWeatherAlert = typeof weatherAlerts.$inferInsert;

export async function findSettings(
  db: DbOrTx,
  stationId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TWeatherSettingsRow | null> {
  const query = db.select().from(weatherSettings).where(eq(weatherSettings.stationId, stationId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function upsertSettings(
  db: DbOrTx,
  row: Omit<
    typeof weatherSettings.$inferInsert,
    'createdAt' | 'lastPollAt' | 'lastErrorCode' | 'lastErrorAt'
  >,
) {
  const { stationId: _, ...changes } = row;
  await db
    .insert(weatherSettings)
    .values({ ...row, createdAt: row.updatedAt })
    .onConflictDoUpdate({ target: weatherSettings.stationId, set: changes });
}

/** The stations whose zones the poller checks. */
export function listEnabledSettings(db: DbOrTx, stationId?: string) {
  return db
    .select()
    .from(weatherSettings)
    .where(
      and(
        eq(weatherSettings.enabled, true),
        stationId ? eq(weatherSettings.stationId, stationId) : undefined,
      ),
    );
}

export async function recordPoll(
  db: DbOrTx,
  stationIds: string[],
  poll: { at: Date; errorCode: string | null; lastModified?: string | null },
) {
  if (stationIds.length === 0) return;
  await db
    .update(weatherSettings)
    .set({
      lastPollAt: poll.at,
      lastErrorCode: poll.errorCode,
      lastErrorAt: poll.errorCode ? poll.at : null,
      ...(poll.lastModified !== undefined ? { lastModified: poll.lastModified } : {}),
    })
    .where(inArray(weatherSettings.stationId, stationIds));
}

/**
 * Claims an alert for a station: the row is written once, ever (unique station + NWS id). A second
 * poller at the same moment waits for the first's transaction and gets null: it drafts nothing.
 */
export async function claimAlert(db: DbOrTx, row: TNewWeatherAlert): Promise<TWeatherAlertRow | null> {
  const [inserted] = await db
    .insert(weatherAlerts)
    .values(row)
    .onConflictDoNothing({ target: [weatherAlerts.stationId, weatherAlerts.nwsId] })
    .returning();
  return inserted ?? null;
}

export async function updateAlert(
  db: DbOrTx,
  stationId: string,
  id: string,
  changes: Partial<
    Pick<
      TWeatherAlertRow,
      'outcome' | 'errorCode' | 'errorParams' | 'messageId' | 'sendId' | 'fullTexts' | 'updatedAt'
    >
  >,
) {
  await db
    .update(weatherAlerts)
    .set(changes)
    .where(and(eq(weatherAlerts.stationId, stationId), eq(weatherAlerts.id, id)));
}

/** Which of these NWS alerts the station already has (the poll skips them without a write). */
export async function knownNwsIds(db: DbOrTx, stationId: string, nwsIds: string[]): Promise<Set<string>> {
  if (nwsIds.length === 0) return new Set();
  const rows = await db
    .select({ nwsId: weatherAlerts.nwsId })
    .from(weatherAlerts)
    .where(and(eq(weatherAlerts.stationId, stationId), inArray(weatherAlerts.nwsId, nwsIds)));
  return new Set(rows.map((r) => r.nwsId));
}

/** The latest of the station's records among these NWS ids (what an Update or Cancel refers to). */
export async function findLatestOf(db: DbOrTx, stationId: string, nwsIds: string[]) {
  if (nwsIds.length === 0) return null;
  const [row] = await db
    .select()
    .from(weatherAlerts)
    .where(and(eq(weatherAlerts.stationId, stationId), inArray(weatherAlerts.nwsId, nwsIds)))
    .orderBy(desc(weatherAlerts.sentAt))
    .limit(1);
  return row ?? null;
}

export async function findAlert(db: DbOrTx, stationId: string, id: string) {
  const [row] = await db
    .select()
    .from(weatherAlerts)
    .where(and(eq(weatherAlerts.stationId, stationId), eq(weatherAlerts.id, id)));
  return row ?? null;
}

export function listWaitingAutoSends(db: DbOrTx, stationId: string) {
  return db
    .select()
    .from(weatherAlerts)
    .where(and(eq(weatherAlerts.stationId, stationId), eq(weatherAlerts.outcome, 'auto_send_waiting')))
    .orderBy(weatherAlerts.receivedAt);
}

/** The auto-send drafted as `messageId`, when it still waits (the event path's cheap first look). */
export async function findWaitingAutoSend(db: DbOrTx, stationId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(weatherAlerts)
    .where(
      and(
        eq(weatherAlerts.stationId, stationId),
        eq(weatherAlerts.messageId, messageId),
        eq(weatherAlerts.outcome, 'auto_send_waiting'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The waiting auto-send `id`, locked until the transaction ends (FOR UPDATE). A second sender
 * (the minute's poll, another node's event) waits for the first to commit, then finds it no
 * longer waiting and sends nothing.
 */
export async function lockWaitingAutoSend(tx: DbOrTx, stationId: string, id: string) {
  const [row] = await tx
    .select()
    .from(weatherAlerts)
    .where(
      and(
        eq(weatherAlerts.stationId, stationId),
        eq(weatherAlerts.id, id),
        eq(weatherAlerts.outcome, 'auto_send_waiting'),
      ),
    )
    .for('update');
  return row ?? null;
}

/** The station's latest alerts, and the alerts they update or cancel. */
export async function listAlerts(db: DbOrTx, stationId: string, limit: number) {
  const rows = await db
    .select()
    .from(weatherAlerts)
    .where(eq(weatherAlerts.stationId, stationId))
    .orderBy(desc(weatherAlerts.receivedAt), desc(weatherAlerts.sentAt))
    .limit(limit);
  const originalIds = [...new Set(rows.flatMap((r) => (r.originalId ? [r.originalId] : [])))];
  const originals = originalIds.length
    ? await db
        .select({
          id: weatherAlerts.id,
          headline: weatherAlerts.headline,
          messageId: weatherAlerts.messageId,
        })
        .from(weatherAlerts)
        .where(and(eq(weatherAlerts.stationId, stationId), inArray(weatherAlerts.id, originalIds)))
    : [];
  return { rows, originals: new Map(originals.map((o) => [o.id, o])) };
}

/** When any station's zones were last checked (the poller's pace across nodes). */
export async function lastPollAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(weatherSettings.lastPollAt) })
    .from(weatherSettings)
    .where(eq(weatherSettings.enabled, true));
  return row?.at ?? null;
}

/** The station's record of the alert a message was drafted from (its public page, decision 0052). */
export async function findAlertByMessage(db: DbOrTx, stationId: string, messageId: string) {
  const [row] = await db
    .select()
    .from(weatherAlerts)
    .where(and(eq(weatherAlerts.stationId, stationId), eq(weatherAlerts.messageId, messageId)))
    .orderBy(desc(weatherAlerts.receivedAt))
    .limit(1);
  return row ?? null;
}
