// Queries that move deliveries through dispatch (decision 0016): queued → claimed → submitting →
// sent | queued | failed. Every move after the claim names the holder and the status it expects,
// so a holder that lost its lane cannot touch rows another holder took since. What to claim, when
// to send and how to count is dispatcher.ts's; it decides the transactions these run in.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsDispatchLanes, smsRefunds, smsSends } from '../../db/schema/owned/delivery.js';

export type TClaimed = {
  id: string;
  phone: string;
  body: string;
  segments: number;
  attempts: number;
  sendId: string;
  stationId: string;
  priority: number;
  notBefore: string;
};

/** The ids as a uuid[] parameter. */
const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Rows (aliased d) this holder marked submitting and still holds. */
const ours = (holder: string) => sql`d.status = 'submitting' and d.claimed_by = ${holder}`;

/**
 * Claims up to `limit` due rows of the lane for the holder, skipping rows another transaction has
 * locked. Answers them in no particular order (RETURNING has none).
 */
export async function claimDue(
  db: DbOrTx,
  claim: { lane: string; holder: string; now: string; limit: number },
): Promise<TClaimed[]> {
  const result = await db.execute(sql`
    update ${smsDeliveries} set status = 'claimed', claimed_by = ${claim.holder}, claimed_at = ${claim.now}::timestamptz
    where id in (
      select id from ${smsDeliveries}
      where lane = ${claim.lane} and status = 'queued' and not_before <= ${claim.now}::timestamptz
      -- The due index's order, read no further than the batch: a send's rows share priority and
      -- due time, and a tie-break (ids are random anyway) would sort all of them for each batch.
      order by priority, not_before
      limit ${claim.limit}
      for update skip locked)
    returning id, phone, body, segments, attempts, send_id as "sendId", station_id as "stationId",
      priority, not_before::text as "notBefore"`);
  return rowsOf<TClaimed>(result);
}

/** Marks the holder's claimed rows submitting, counting the attempt; answers the ones still its. */
export async function markClaimedSubmitting(db: DbOrTx, holder: string, ids: string[], at: string) {
  const result = await db.execute(sql`
    update ${smsDeliveries} set status = 'submitting', submitted_at = ${at}::timestamptz,
      attempts = attempts + 1
    where id = any(${uuids(ids)}) and status = 'claimed' and claimed_by = ${holder}
    returning id, attempts`);
  return rowsOf<{ id: string; attempts: number }>(result);
}

/** Records the provider's ids of rows it accepted. */
export async function markSent(tx: DbOrTx, holder: string, sent: { id: string; pid: string }[], at: string) {
  await tx.execute(sql`
    update ${smsDeliveries} d set status = 'sent', provider_message_id = v.pid, sent_at = ${at}::timestamptz, error = null
    from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as v(id uuid, pid text)
    where d.id = v.id and ${ours(holder)}`);
}

/** Queues rows again for a later attempt, each due at its own `at`. */
export async function requeueForRetry(
  tx: DbOrTx,
  holder: string,
  retries: { id: string; error: string; at: Date }[],
) {
  await tx.execute(sql`
    update ${smsDeliveries} d set status = 'queued', error = v.error, not_before = v.at, claimed_by = null
    from jsonb_to_recordset(${JSON.stringify(retries)}::jsonb) as v(id uuid, error text, at timestamptz)
    where d.id = v.id and ${ours(holder)}`);
}

/** Queues rows whose provider call never started again, their attempt not counted. */
export async function requeueUnsent(tx: DbOrTx, holder: string, ids: string[]) {
  await tx.execute(sql`
    update ${smsDeliveries} d set status = 'queued', claimed_by = null, attempts = attempts - 1
    where d.id = any(${uuids(ids)}) and ${ours(holder)}`);
}

export async function markFailed(
  tx: DbOrTx,
  holder: string,
  failed: { id: string; error: string }[],
  at: string,
) {
  await tx.execute(sql`
    update ${smsDeliveries} d set status = 'failed', error = v.error, finished_at = ${at}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(failed)}::jsonb) as v(id uuid, error text)
    where d.id = v.id and ${ours(holder)}`);
}

/**
 * Inserts a refund row per failed delivery; one that has a refund already gets none (the delivery
 * is the refund's primary key). Answers what was inserted, summed per station.
 */
export async function insertRefunds(tx: DbOrTx, ids: string[], at: string) {
  return rowsOf<{ station_id: string; credits: number; n: number; first: string }>(
    await tx.execute(sql`
      with added as (
        insert into ${smsRefunds} (delivery_id, station_id, credits, created_at)
        select d.id, d.station_id, d.segments, ${at}::timestamptz from ${smsDeliveries} d
        where d.id = any(${uuids(ids)}) and d.status = 'failed'
        on conflict (delivery_id) do nothing
        returning station_id, credits, delivery_id)
      select station_id, sum(credits)::int as credits, count(*)::int as n, min(delivery_id::text) as first
      from added group by station_id`),
  );
}

/** The holder's claimed rows, not submitted, go back to the queue (it stops, or lost its lease). */
export async function giveBackClaims(db: DbOrTx, holder: string) {
  await db.execute(sql`
    update ${smsDeliveries} set status = 'queued', claimed_by = null
    where status = 'claimed' and claimed_by = ${holder}`);
}

/** Rows of the lane claimed by any other holder go back to the queue; answers how many. */
export async function requeueOthersClaims(db: DbOrTx, lane: string, holder: string) {
  const claimed = await db.execute(sql`
    update ${smsDeliveries} set status = 'queued', claimed_by = null
    where lane = ${lane} and status = 'claimed' and claimed_by is distinct from ${holder} returning id`);
  return rowsOf(claimed).length;
}

/** Takes up to 200 of the lane's submitting rows of other holders, skipping locked ones. */
export async function takeOthersSubmitting(db: DbOrTx, lane: string, holder: string) {
  return rowsOf<{ id: string; phone: string; body: string; submitted_at: string }>(
    await db.execute(sql`
      update ${smsDeliveries} set claimed_by = ${holder}
      where id in (select id from ${smsDeliveries}
        where lane = ${lane} and status = 'submitting' and claimed_by is distinct from ${holder}
        limit 200 for update skip locked)
      returning id, phone, body, submitted_at::text`),
  );
}

/**
 * Settles taken submitting rows: a provider id (`pid`) makes the row sent; without one it is
 * queued again, and `reclaimed` counts it when the provider could not say (`unknown`).
 */
export async function settleRecovered(
  db: DbOrTx,
  holder: string,
  rows: { id: string; pid: string | null }[],
  at: string,
  unknown: boolean,
) {
  return rowsOf<{ confirmed: boolean }>(
    await db.execute(sql`
      update ${smsDeliveries} d set
        status = case when v.pid is not null then 'sent' else 'queued' end,
        provider_message_id = coalesce(v.pid, d.provider_message_id),
        sent_at = case when v.pid is not null then ${at}::timestamptz else d.sent_at end,
        reclaimed = d.reclaimed + ${unknown ? 1 : 0},
        claimed_by = case when v.pid is not null then d.claimed_by else null end
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, pid text)
      where d.id = v.id and d.status = 'submitting' and d.claimed_by = ${holder}
      returning v.pid is not null as confirmed`),
  );
}

/** The stations and messages of the sends (of one station when given). */
export async function findSendMessages(db: DbOrTx, sendIds: string[], stationId: string | null) {
  return rowsOf<{ station_id: string; message_id: string | null }>(
    await db.execute(sql`
      select distinct station_id, message_id from ${smsSends}
      where id = any(${uuids(sendIds)})
      ${stationId ? sql`and station_id = ${stationId}` : sql``}`),
  );
}

/**
 * Lanes (the default one and every registered one) with a delivery due at `at` or in flight; each
 * asked through the deliveries' indexes.
 */
export async function findLanesWithWork(db: DbOrTx, defaultLane: string, at: string) {
  const rows = rowsOf<{ lane: string }>(
    await db.execute(sql`
      select l.lane from (select ${defaultLane}::text as lane union select lane from ${smsDispatchLanes}) l
      where exists (select 1 from ${smsDeliveries} d
          where d.lane = l.lane and d.status = 'queued' and d.not_before <= ${at}::timestamptz)
        or exists (select 1 from ${smsDeliveries} d
          where d.lane = l.lane and d.status in ('claimed', 'submitting'))`),
  );
  return rows.map((r) => r.lane);
}
