// Queries on message_send_requests; every one filters on the station.
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageSendRequests } from '../../db/schema/owned/send-requests.js';

export type TSendRequestRow = typeof messageSendRequests.$inferSelect;
type TStatus = TSendRequestRow['status'];

export async function insertRequest(
  db: DbOrTx,
  values: { stationId: string; messageId: string; requestedBy: string; note: string | null; at: Date },
) {
  const [row] = await db
    .insert(messageSendRequests)
    .values({
      stationId: values.stationId,
      messageId: values.messageId,
      requestedBy: values.requestedBy,
      note: values.note,
      requestedAt: values.at,
    })
    .returning();
  if (!row) throw new Error('send request insert returned nothing');
  return row;
}

export async function findRequest(
  db: DbOrTx,
  stationId: string,
  requestId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(messageSendRequests)
    .where(and(eq(messageSendRequests.stationId, stationId), eq(messageSendRequests.id, requestId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** The message's requests, newest first. */
export function listForMessage(db: DbOrTx, stationId: string, messageId: string) {
  return db
    .select()
    .from(messageSendRequests)
    .where(and(eq(messageSendRequests.stationId, stationId), eq(messageSendRequests.messageId, messageId)))
    .orderBy(desc(messageSendRequests.requestedAt), desc(messageSendRequests.id));
}

export async function listByStatus(
  db: DbOrTx,
  stationId: string,
  filter: { status: TStatus; limit: number },
) {
  const where = and(
    eq(messageSendRequests.stationId, stationId),
    eq(messageSendRequests.status, filter.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageSendRequests)
      .where(where)
      .orderBy(desc(messageSendRequests.requestedAt), desc(messageSendRequests.id))
      .limit(filter.limit),
    db.select({ n: count() }).from(messageSendRequests).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/** A pending request answered: sent (by whoever sent the message) or declined (with its reason). */
export async function decide(
  db: DbOrTx,
  stationId: string,
  match: { id: string } | { messageId: string },
  decision: { status: Exclude<TStatus, 'pending'>; decidedBy: string; at: Date; reason?: string | null },
) {
  const target =
    'id' in match ? eq(messageSendRequests.id, match.id) : eq(messageSendRequests.messageId, match.messageId);
  return db
    .update(messageSendRequests)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      reason: decision.reason ?? null,
    })
    .where(
      and(eq(messageSendRequests.stationId, stationId), target, eq(messageSendRequests.status, 'pending')),
    )
    .returning();
}

/** How many requests wait for the station's admins, a column of the dashboard's one statement. */
export function pendingCountSql(stationId: SQL): SQL {
  return sql`(select count(*)::int from ${messageSendRequests} r
    where r.station_id = ${stationId} and r.status = 'pending')`;
}
