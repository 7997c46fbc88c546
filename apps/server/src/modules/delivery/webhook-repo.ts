// What the webhooks of a send need from the delivery tables: a send's counts from its
// rollup, and the failed texts' recipients and reasons.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsSendStats, smsSends } from '../../db/schema/owned/delivery.js';
import type { TSendCounts } from '../webhooks/index.js';

const uuids = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

export async function sendCounts(db: DbOrTx, sendIds: string[]) {
  if (sendIds.length === 0) return [];
  const result = await db.execute(sql`
    select s.station_id::text as "stationId", s.id::text as "sendId", s.message_id::text as "messageId",
      st.total, (st.queued + st.claimed + st.submitting) as pending,
      (st.sent + st.delivered + st.undelivered) as sent, st.delivered, (st.failed + st.undelivered) as failed,
      s.credits
    from ${smsSends} s join ${smsSendStats} st on st.send_id = s.id
    where s.id = any(${uuids(sendIds)})`);
  return rowsOf<TSendCounts>(result).map((r) => ({
    ...r,
    total: Number(r.total),
    pending: Number(r.pending),
    sent: Number(r.sent),
    delivered: Number(r.delivered),
    failed: Number(r.failed),
    credits: Number(r.credits),
  }));
}

export async function failedDeliveries(db: DbOrTx, deliveryIds: string[]) {
  if (deliveryIds.length === 0) return [];
  const result = await db.execute(sql`
    select d.id::text as "deliveryId", d.station_id::text as "stationId", d.send_id::text as "sendId",
      s.message_id::text as "messageId", d.contact_id::text as "contactId", d.language, d.status, d.error
    from ${smsDeliveries} d join ${smsSends} s on s.id = d.send_id
    where d.id = any(${uuids(deliveryIds)}) and d.status in ('failed', 'undelivered')`);
  return rowsOf<{
    deliveryId: string;
    stationId: string;
    sendId: string;
    messageId: string | null;
    contactId: string | null;
    language: string;
    status: string;
    error: string | null;
  }>(result);
}
