// Queries of texts held after a restore (decision 0055): holding every text that was not final in
// the restored backup, reading a message's or station's held texts, and settling them (sent at the
// provider, queued again, or cancelled). Every move names the status it expects, so two decisions
// at once cannot both move a text.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import {
  databaseRestores,
  smsDeliveries,
  smsDispatchLanes,
  smsSends,
} from '../../db/schema/owned/delivery.js';

const HELD = 'held_after_restore';

/** Restores whose texts are not held yet, oldest first, locked until the transaction ends. */
export async function lockUnheldRestores(tx: DbOrTx) {
  return rowsOf<{ id: string; restored_at: string }>(
    await tx.execute(sql`
      select id, restored_at::text from ${databaseRestores}
      where held_at is null order by restored_at for update`),
  );
}

/**
 * Holds every text that is not final (queued, claimed, submitting), remembering its status, and
 * forgets the backup's lane leases (their holders are processes of another time). Answers how many.
 */
export async function holdUnfinished(tx: DbOrTx, restoreId: string): Promise<number> {
  const held = await tx.execute(sql`
    update ${smsDeliveries} set held_from = status, status = ${HELD}, restore_id = ${restoreId}::uuid,
      claimed_by = null, claimed_at = null
    where status in ('queued', 'claimed', 'submitting')
    returning id`);
  await tx.execute(sql`update ${smsDispatchLanes} set holder = null, lease_until = null`);
  return rowsOf(held).length;
}

export async function markRestoresHeld(tx: DbOrTx, ids: string[], at: string, held: number) {
  await tx.execute(sql`
    update ${databaseRestores} set held_at = ${at}::timestamptz,
      held = case when id = ${ids[ids.length - 1]}::uuid then ${held} else 0 end
    where id = any(${`{${ids.join(',')}}`}::uuid[])`);
}

/**
 * Held texts of the station, per message (or of one message), with how many were in the
 * provider's hands and the latest restore that held them.
 */
export async function heldByMessage(db: DbOrTx, stationId: string, messageId?: string) {
  return rowsOf<{ message_id: string; held: number; in_flight: number; restored_at: string }>(
    await db.execute(sql`
      select s.message_id, count(*)::int as held,
        (count(*) filter (where d.held_from = 'submitting'))::int as in_flight,
        max(r.restored_at)::text as restored_at
      from ${smsSends} s
      join ${smsDeliveries} d on d.send_id = s.id and d.status = ${HELD}
      left join ${databaseRestores} r on r.id = d.restore_id
      where s.station_id = ${stationId} and s.message_id is not null
        ${messageId ? sql`and s.message_id = ${messageId}` : sql``}
      group by s.message_id
      order by held desc, s.message_id`),
  );
}

export type THeldText = {
  id: string;
  phone: string;
  body: string;
  lane: string;
  /** Since when the provider may have it: the provider call's start, else the send's. */
  since: string;
};

/** Up to `limit` held texts of the message after `afterId` (by id), for the provider lookup. */
export async function heldTextsOf(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  afterId: string | null,
  limit: number,
) {
  return rowsOf<THeldText>(
    await db.execute(sql`
      select d.id, d.phone, d.body, d.lane, coalesce(d.submitted_at, s.created_at)::text as since
      from ${smsSends} s
      join ${smsDeliveries} d on d.send_id = s.id and d.status = ${HELD}
      where s.station_id = ${stationId} and s.message_id = ${messageId}
        ${afterId ? sql`and d.id > ${afterId}::uuid` : sql``}
      order by d.id limit ${limit}`),
  );
}

/**
 * Held texts the provider has: sent, with its id. Answers the moved rows (webhooks, progress).
 */
export async function settleFound(tx: DbOrTx, found: { id: string; pid: string }[], at: string) {
  if (found.length === 0) return [];
  return rowsOf<{ id: string; station_id: string; send_id: string }>(
    await tx.execute(sql`
      update ${smsDeliveries} d set status = 'sent', provider_message_id = v.pid, sent_at = ${at}::timestamptz,
        error = null
      from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as v(id uuid, pid text)
      where d.id = v.id and d.status = ${HELD}
      returning d.id, d.station_id, d.send_id`),
  );
}

/** Held texts the provider does not have: queued to go out now (quiet hours still apply). */
export async function requeueHeld(tx: DbOrTx, ids: string[]) {
  if (ids.length === 0) return 0;
  const moved = await tx.execute(sql`
    update ${smsDeliveries} set status = 'queued', claimed_by = null, claimed_at = null
    where id = any(${`{${ids.join(',')}}`}::uuid[]) and status = ${HELD}
    returning id`);
  return rowsOf(moved).length;
}

/** The message's held texts not sent: failed with the reason, answered for refunds and webhooks. */
export async function cancelHeld(
  tx: DbOrTx,
  stationId: string,
  messageId: string,
  at: string,
  reason: string,
) {
  return rowsOf<{ id: string; station_id: string; send_id: string }>(
    await tx.execute(sql`
      update ${smsDeliveries} d set status = 'failed', error = ${reason}, finished_at = ${at}::timestamptz
      from ${smsSends} s
      where d.send_id = s.id and s.station_id = ${stationId} and s.message_id = ${messageId}
        and d.status = ${HELD}
      returning d.id, d.station_id, d.send_id`),
  );
}
