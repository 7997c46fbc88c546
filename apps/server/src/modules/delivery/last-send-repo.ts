// The latest send of each of a page of messages, with its texts at each stage: one statement over
// the sends and their rollups (decision 0030), never their deliveries, however many were sent.
import { type AnyColumn, and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsSendHolds, smsSendStats, smsSends } from '../../db/schema/owned/delivery.js';

/** A rollup count; 0 for a send without texts (its rollup row never made). */
const count = (column: AnyColumn) => sql<number>`coalesce(${column}, 0)::int`;

/** Per message of the station among `messageIds`, its newest send; messages never sent are absent. */
export function latestSendsOf(db: DbOrTx, stationId: string, messageIds: string[], now: Date) {
  // Texts still held for quiet hours: their release at 8 AM local is ahead.
  const held = sql<number>`coalesce((select sum(h.count) from ${smsSendHolds} h
    where h.send_id = ${smsSends.id} and h.release_at > ${now.toISOString()}::timestamptz), 0)::int`;
  return db
    .selectDistinctOn([smsSends.messageId], {
      messageId: smsSends.messageId,
      sentAt: smsSends.createdAt,
      recipients: count(smsSendStats.total),
      queued: count(smsSendStats.queued),
      claimed: count(smsSendStats.claimed),
      submitting: count(smsSendStats.submitting),
      sent: count(smsSendStats.sent),
      delivered: count(smsSendStats.delivered),
      undelivered: count(smsSendStats.undelivered),
      failed: count(smsSendStats.failed),
      held,
    })
    .from(smsSends)
    .leftJoin(smsSendStats, eq(smsSendStats.sendId, smsSends.id))
    .where(and(eq(smsSends.stationId, stationId), inArray(smsSends.messageId, messageIds)))
    .orderBy(smsSends.messageId, desc(smsSends.createdAt), desc(smsSends.id));
}

/** One message's newest send as latestSendsOf counts it, as JSON (keys as its row's); null if never sent. */
export type TLatestSendJson = {
  sentAt: string;
  recipients: number;
  queued: number;
  claimed: number;
  submitting: number;
  sent: number;
  delivered: number;
  undelivered: number;
  failed: number;
  held: number;
};

/**
 * The newest send of the message `messageId` (a column of the caller's statement) among the
 * station's, as a scalar subquery answering TLatestSendJson or null, for the messages list's one
 * statement (decision 0061). `now` is a timestamptz: holds released before it hold nothing.
 */
export function latestSendJsonSql(stationId: SQL, messageId: SQL, now: SQL): SQL {
  const n = (column: string) => sql.raw(`coalesce(st.${column}, 0)`);
  return sql`(select json_build_object('sentAt', s.created_at, 'recipients', ${n('total')},
      'queued', ${n('queued')}, 'claimed', ${n('claimed')}, 'submitting', ${n('submitting')},
      'sent', ${n('sent')}, 'delivered', ${n('delivered')}, 'undelivered', ${n('undelivered')},
      'failed', ${n('failed')},
      'held', coalesce((select sum(h.count) from ${smsSendHolds} h where h.send_id = s.id and h.release_at > ${now}), 0))
    from ${smsSends} s left join ${smsSendStats} st on st.send_id = s.id
    where s.message_id = ${messageId} and s.station_id = ${stationId}
    order by s.created_at desc, s.id desc limit 1)`;
}
