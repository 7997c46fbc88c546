// Delivery status from the provider's callbacks, and the progress of a message's sends.
import type { TDeliveryProgress, TDeliveryStages } from '@message-station/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsEarlyStatuses, smsSends } from '../../db/schema/owned/delivery.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findMessage } from '../messages/service.js';
import { QUIET_END_HOUR, zoneOf } from './quiet-hours.js';

/** Twilio's statuses in the order a message moves through them; the last three are final. */
const RANK: Record<
  string,
  { status: 'sent' | 'delivered' | 'undelivered' | 'failed'; rank: number } | undefined
> = {
  sent: { status: 'sent', rank: 2 },
  delivered: { status: 'delivered', rank: 3 },
  read: { status: 'delivered', rank: 3 },
  undelivered: { status: 'undelivered', rank: 3 },
  failed: { status: 'failed', rank: 3 },
  canceled: { status: 'failed', rank: 3 },
};

/** Where a delivery (aliased d) stands in the order statuses move through. */
const currentRank = sql`(case d.status when 'queued' then 0 when 'claimed' then 1 when 'submitting' then 1 when 'sent' then 2 else 3 end)`;

/**
 * Moves a delivery forward; a late or repeated callback (rank not higher) changes nothing, so a
 * final status is never replaced. A callback can overtake our recording of the provider's id (the
 * provider answered, then called back before our write): it is kept in `sms_early_statuses` and
 * applied as soon as the id is recorded (here, by the dispatcher, or by the minute's sweep).
 * Answers the station to notify, or null when nothing moved.
 */
export async function applyStatusCallback(
  context: Pick<TServiceContext, 'db' | 'now'>,
  input: { providerMessageId: string; status: string; errorCode?: string },
) {
  const { db } = context;
  const next = RANK[input.status];
  if (!next) return null;
  await db
    .insert(smsEarlyStatuses)
    .values({
      providerMessageId: input.providerMessageId,
      status: next.status,
      rank: next.rank,
      error: input.errorCode ? `Carrier error ${input.errorCode}` : null,
      receivedAt: context.now,
    })
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
  const [moved] = await applyEarlyStatuses(db, [input.providerMessageId]);
  return moved ?? null;
}

/**
 * Applies kept callbacks to the deliveries that now carry their provider ids (all of them when
 * `providerMessageIds` is absent), forward only, and forgets the ones applied.
 */
export async function applyEarlyStatuses(db: DbOrTx, providerMessageIds?: string[]) {
  if (providerMessageIds && providerMessageIds.length === 0) return [];
  const ids = providerMessageIds && `{${providerMessageIds.map((id) => `"${id}"`).join(',')}}`;
  // Nearly always there is no kept callback: a look by the table's key says so. (The planner,
  // knowing nothing of that small table, would join it to every delivery: about 135 ms per
  // dispatched batch at 100k deliveries.)
  const kept = await db.execute(
    sql`select 1 from ${smsEarlyStatuses} e ${ids ? sql`where e.provider_message_id = any(${ids}::text[])` : sql``} limit 1`,
  );
  if (rowsOf(kept).length === 0) return [];
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
    returning d.station_id as "stationId", d.send_id as "sendId"`);
  return rowsOf<{ stationId: string; sendId: string }>(result);
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

type TStageRow = Record<
  'total' | 'queued' | 'held' | 'sending' | 'sent' | 'delivered' | 'failed',
  number | string
>;

export function toStages(row: TStageRow): TDeliveryStages {
  const [queued, held, sending] = [Number(row.queued), Number(row.held), Number(row.sending)];
  return {
    total: Number(row.total),
    queued,
    due: queued - held - sending,
    held,
    sending,
    sent: Number(row.sent),
    delivered: Number(row.delivered),
    failed: Number(row.failed),
  };
}

function addStages(a: TDeliveryStages, b: TDeliveryStages): TDeliveryStages {
  const sum = { ...a };
  for (const key of Object.keys(sum) as (keyof TDeliveryStages)[]) sum[key] += b[key];
  return sum;
}

const NO_TEXTS: TDeliveryStages = {
  total: 0,
  queued: 0,
  due: 0,
  held: 0,
  sending: 0,
  sent: 0,
  delivered: 0,
  failed: 0,
};

/** Every send of one message: texts at each stage, per language, and when the held ones go. */
export async function deliveryProgress(
  context: Pick<TServiceContext, 'db' | 'stationId' | 'now'>,
  messageId: string,
): Promise<TDeliveryProgress> {
  const { db, stationId, now } = context;
  const message = await findMessage(db, stationId, messageId);
  if (!message) throw notFound('message_not_found');
  const ofMessage = and(eq(smsSends.stationId, stationId), eq(smsSends.messageId, messageId));
  const [languages, releases] = await Promise.all([
    db
      .select({ language: smsDeliveries.language, ...stageColumns(now) })
      .from(smsSends)
      .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
      .where(ofMessage)
      .groupBy(smsDeliveries.language)
      .orderBy(desc(sql`count(*)`), asc(smsDeliveries.language)),
    db
      .select({ zone: recipientZone, at: smsDeliveries.notBefore, count: sql<number>`count(*)::int` })
      .from(smsSends)
      .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
      .where(and(ofMessage, heldForQuietHours(now)))
      .groupBy(sql`1`, smsDeliveries.notBefore)
      .orderBy(asc(smsDeliveries.notBefore), sql`1`),
  ]);
  const perLanguage = languages.map((row) => ({ language: row.language, ...toStages(row) }));
  const totals = perLanguage.reduce<TDeliveryStages>(addStages, NO_TEXTS);
  return {
    ...totals,
    waiting: totals.held,
    possibleDuplicates: languages.reduce((sum, row) => sum + Number(row.possibleDuplicates), 0),
    releases: releases.map((r) => ({
      zone: r.zone,
      at: new Date(r.at).toISOString(),
      count: Number(r.count),
    })),
    languages: perLanguage,
  };
}
