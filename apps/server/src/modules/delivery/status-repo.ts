// Queries on delivery statuses: callbacks kept until their delivery records the provider's id, and
// the counts behind a message's progress. Which callbacks count and how stages add up is status.ts's.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsEarlyStatuses, smsSends } from '../../db/schema/owned/delivery.js';
import { QUIET_END_HOUR, zoneOf } from './quiet-hours.js';

/** Where a delivery (aliased d) stands in the order statuses move through. */
const currentRank = sql`(case d.status when 'queued' then 0 when 'claimed' then 1 when 'submitting' then 1 when 'sent' then 2 else 3 end)`;

/** Keeps a callback, or moves a kept one forward (a lower or equal rank changes nothing). */
export async function keepEarlyStatus(db: DbOrTx, values: typeof smsEarlyStatuses.$inferInsert) {
  await db
    .insert(smsEarlyStatuses)
    .values(values)
    .onConflictDoUpdate({
      target: smsEarlyStatuses.providerMessageId,
      set: {
        status: sql`excluded.status`,
        rank: sql`excluded.rank`,
        error: sql`coalesce(excluded.error, ${smsEarlyStatuses.error})`,
        receivedAt: sql`excluded.received_at`,
      },
      setWhere: sql`excluded.rank > ${smsEarlyStatuses.rank}`,
    });
}

/** The ids as a text[] literal; absent: every kept callback. */
function idsLiteral(providerMessageIds?: string[]) {
  return providerMessageIds && `{${providerMessageIds.map((id) => `"${id}"`).join(',')}}`;
}

/**
 * Whether a callback is kept for one of the ids (any id when absent): a look by the table's key.
 * (The planner, knowing nothing of that small table, would join it to every delivery: about
 * 135 ms per dispatched batch at 100k deliveries.)
 */
export async function anyEarlyStatus(db: DbOrTx, providerMessageIds?: string[]) {
  const ids = idsLiteral(providerMessageIds);
  const kept = await db.execute(
    sql`select 1 from ${smsEarlyStatuses} e ${ids ? sql`where e.provider_message_id = any(${ids}::text[])` : sql``} limit 1`,
  );
  return rowsOf(kept).length > 0;
}

/**
 * One statement: forgets the kept callbacks whose delivery now carries the id and moves those
 * deliveries forward only. Answers the deliveries that moved.
 */
export async function applyKeptStatuses(db: DbOrTx, providerMessageIds?: string[]) {
  const ids = idsLiteral(providerMessageIds);
  const only = ids ? sql`and e.provider_message_id = any(${ids}::text[])` : sql``;
  const result = await db.execute(sql`
    with matched as (
      delete from ${smsEarlyStatuses} e using ${smsDeliveries} d
      where e.provider_message_id = d.provider_message_id ${only}
      returning e.provider_message_id, e.status, e.rank, e.error, e.received_at)
    update ${smsDeliveries} d set
      status = m.status,
      finished_at = case when m.rank = 3 then m.received_at else d.finished_at end,
      error = coalesce(m.error, d.error)
    from matched m
    where d.provider_message_id = m.provider_message_id
      and ${currentRank} < m.rank
    returning d.station_id as "stationId", d.send_id as "sendId", d.id as "id"`);
  return rowsOf<{ stationId: string; sendId: string; id: string }>(result);
}

/** Kept callbacks whose delivery never recorded the id (not ours, or long gone) are dropped after a day. */
export async function forgetOldEarlyStatuses(db: DbOrTx, now: Date) {
  await db
    .delete(smsEarlyStatuses)
    .where(
      sql`${smsEarlyStatuses.receivedAt} < ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`,
    );
}

/** SQL: the recipient's zone of a delivery (IANA, from the area code). */
export const recipientZone = zoneOf(sql`${smsDeliveries.phone}`);

/**
 * SQL: the delivery waits for quiet hours to end, 8 AM in its recipient's zone. A retry's backoff
 * ends at any second, so the exact 8:00 local release tells a held text from one about to retry.
 */
export function heldForQuietHours(now: Date): SQL {
  return sql`(${smsDeliveries.status} = 'queued'
    and ${smsDeliveries.notBefore} > ${now.toISOString()}::timestamptz
    and (${smsDeliveries.notBefore} at time zone ${recipientZone})::time = make_time(${QUIET_END_HOUR}, 0, 0))`;
}

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/** Aggregate columns counting a group's deliveries at each stage; `toStages` reads them. */
export function stageColumns(now: Date) {
  return {
    total: sql<number>`count(*)::int`,
    queued: countWhere(sql`${smsDeliveries.status} in ('queued', 'claimed', 'submitting')`),
    held: countWhere(heldForQuietHours(now)),
    sending: countWhere(sql`${smsDeliveries.status} in ('claimed', 'submitting')`),
    sent: countWhere(sql`${smsDeliveries.status} = 'sent'`),
    delivered: countWhere(sql`${smsDeliveries.status} = 'delivered'`),
    failed: countWhere(sql`${smsDeliveries.status} in ('failed', 'undelivered')`),
    possibleDuplicates: countWhere(sql`${smsDeliveries.reclaimed} > 0`),
  };
}

function ofMessage(stationId: string, messageId: string) {
  return and(eq(smsSends.stationId, stationId), eq(smsSends.messageId, messageId));
}

/** Every send of one message: its texts at each stage, per language, the most texts first. */
export function stagesByLanguage(db: DbOrTx, stationId: string, messageId: string, now: Date) {
  return db
    .select({ language: smsDeliveries.language, ...stageColumns(now) })
    .from(smsSends)
    .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
    .where(ofMessage(stationId, messageId))
    .groupBy(smsDeliveries.language)
    .orderBy(desc(sql`count(*)`), asc(smsDeliveries.language));
}

/** Every send of one message: its texts held for quiet hours, by recipient zone and release time. */
export function heldReleases(db: DbOrTx, stationId: string, messageId: string, now: Date) {
  return db
    .select({ zone: recipientZone, at: smsDeliveries.notBefore, count: sql<number>`count(*)::int` })
    .from(smsSends)
    .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
    .where(and(ofMessage(stationId, messageId), heldForQuietHours(now)))
    .groupBy(sql`1`, smsDeliveries.notBefore)
    .orderBy(asc(smsDeliveries.notBefore), sql`1`);
}
