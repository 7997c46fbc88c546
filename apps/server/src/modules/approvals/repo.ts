// Queries on message_approvals; every one filters on the station.
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { messageApprovals } from '../../db/schema/owned/approvals.js';

export type TApprovalRow = typeof messageApprovals.$inferSelect;
export type TDecidedStatus = 'approved' | 'rejected';

export async function findApproval(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(messageApprovals)
    .where(and(eq(messageApprovals.stationId, stationId), eq(messageApprovals.messageId, messageId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function listApprovals(db: DbOrTx, stationId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  return db
    .select()
    .from(messageApprovals)
    .where(and(eq(messageApprovals.stationId, stationId), inArray(messageApprovals.messageId, messageIds)));
}

export async function listApprovalsByStatus(
  db: DbOrTx,
  stationId: string,
  filter: { status: TApprovalRow['status']; limit: number },
) {
  const where = and(eq(messageApprovals.stationId, stationId), eq(messageApprovals.status, filter.status));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageApprovals)
      .where(where)
      .orderBy(desc(messageApprovals.requestedAt), desc(messageApprovals.messageId))
      .limit(filter.limit),
    db.select({ n: count() }).from(messageApprovals).where(where),
  ]);
  return { rows, count: Number(total?.n ?? 0) };
}

/**
 * Puts a text up for approval: a new row, or the message's row back to pending with the next
 * revision and no decision (an edit after a decision, or of a pending text).
 */
export async function upsertRequest(
  db: DbOrTx,
  values: {
    stationId: string;
    messageId: string;
    contentDigest: string;
    requestedBy: string | null;
    at: Date;
  },
) {
  const [row] = await db
    .insert(messageApprovals)
    .values({
      messageId: values.messageId,
      stationId: values.stationId,
      status: 'pending',
      contentDigest: values.contentDigest,
      requestedBy: values.requestedBy,
      requestedAt: values.at,
    })
    .onConflictDoUpdate({
      target: messageApprovals.messageId,
      set: {
        status: 'pending',
        revision: sql`${messageApprovals.revision} + 1`,
        contentDigest: values.contentDigest,
        requestedBy: values.requestedBy,
        requestedAt: values.at,
        decidedBy: null,
        decidedAt: null,
        comment: null,
      },
    })
    .returning();
  if (!row) throw new Error('approval upsert returned nothing');
  return row;
}

/** Records the decision on the pending revision the admin read. */
export async function decideApproval(
  db: DbOrTx,
  stationId: string,
  messageId: string,
  decision: { status: TDecidedStatus; decidedBy: string; comment: string | null; at: Date },
) {
  const [row] = await db
    .update(messageApprovals)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      comment: decision.comment,
    })
    .where(and(eq(messageApprovals.stationId, stationId), eq(messageApprovals.messageId, messageId)))
    .returning();
  return row ?? null;
}

/** An approval row as approvalJsonSql answers it (timestamps as JSON text). */
export type TApprovalRowJson = Omit<TApprovalRow, 'requestedAt' | 'decidedAt'> & {
  requestedAt: string;
  decidedAt: string | null;
};

/**
 * The approval row of the message `messageId` (a column of the caller's statement) as JSON, null
 * when there is none, for the messages list's one statement (decision 0061).
 */
export function approvalJsonSql(stationId: SQL, messageId: SQL): SQL {
  return sql`(select json_build_object('messageId', a.message_id, 'stationId', a.station_id, 'status', a.status,
      'revision', a.revision, 'contentDigest', a.content_digest, 'requestedBy', a.requested_by,
      'requestedAt', a.requested_at, 'decidedBy', a.decided_by, 'decidedAt', a.decided_at, 'comment', a.comment)
    from ${messageApprovals} a where a.message_id = ${messageId} and a.station_id = ${stationId})`;
}

/** The people the approvals of `messageIds` (a subquery) name: who asked and who decided. */
export function approvalPeopleSql(stationId: SQL, messageIds: SQL): SQL {
  return sql`select unnest(array[a.requested_by, a.decided_by]) from ${messageApprovals} a
    where a.station_id = ${stationId} and a.message_id in (${messageIds})`;
}
