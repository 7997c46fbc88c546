// What the messages module calls (approvals sits below messages and reads a message only through
// the findMessage app.ts hands its routes): a message written or edited is put up for approval
// where its station requires it, and the approval state every message answer carries.
import type { TMessageApproval } from '@message-station/shared';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { TServiceContext } from '../../service-context.js';
import { recordAudit } from '../audit/service.js';
import { findStationById } from '../station/service.js';
import { findAccount, findUserNames } from '../users/trail-service.js';
import * as repo from './repo.js';
import {
  contentDigest,
  namedUsers,
  requiresApproval,
  type TApprovalMessage,
  type TApprovalStation,
  toApprovalView,
} from './state.js';

export type TApprovalWriteContext = Pick<TServiceContext, 'now' | 'stationId' | 'userId'> &
  Partial<Pick<TServiceContext, 'auth' | 'ip' | 'userAgent'>>;

export type TApprovalStep =
  | 'message.approval_requested'
  | 'message.approval_resubmitted'
  | 'message.approved'
  | 'message.rejected';

/** One step of an approval in the audit trail (decision 0021's row, written in the step's transaction). */
export function recordApprovalStep(
  tx: DbOrTx,
  ctx: TApprovalWriteContext,
  step: TApprovalStep,
  message: Pick<TApprovalMessage, 'id' | 'title'>,
  details: Record<string, unknown> = {},
) {
  return recordMessageStep(tx, ctx, step, message, details);
}

/**
 * A staff member's step on a message in the audit trail, written in the step's transaction: the
 * approvals' steps, and a standard user's request to send (send-requests, decision 0077).
 */
export async function recordMessageStep(
  tx: DbOrTx,
  ctx: TApprovalWriteContext,
  action: string,
  message: Pick<TApprovalMessage, 'id' | 'title'>,
  details: Record<string, unknown> = {},
) {
  const account = await findAccount(tx, ctx.userId);
  await recordAudit(tx, {
    stationId: ctx.stationId,
    actor: {
      userId: ctx.userId,
      email: account?.email ?? null,
      isSuperadmin: ctx.auth?.isSuperadmin ?? false,
    },
    action,
    target: { type: 'message', id: message.id },
    details: { label: message.title, ...details },
    ip: ctx.ip ?? null,
    userAgent: ctx.userAgent ?? null,
    at: ctx.now,
  });
}

/**
 * Called in the transaction that wrote the message (its row locked). A text the station holds
 * for approval and no decision covers goes (back) to pending, recorded as requested or, after a
 * decision, resubmitted; an edit that leaves the title, text, language and type as they were
 * keeps the decision. Answers the step taken, if any.
 */
export async function putUpForApproval(
  tx: DbOrTx,
  ctx: TApprovalWriteContext,
  message: TApprovalMessage,
): Promise<TApprovalStep | null> {
  const station = await findStationById(tx, ctx.stationId);
  if (!station || !requiresApproval(station, message.messageType)) return null;
  const digest = contentDigest(message);
  const current = await repo.findApproval(tx, ctx.stationId, message.id, { forUpdate: true });
  if (current?.contentDigest === digest) return null;
  await repo.upsertRequest(tx, {
    stationId: ctx.stationId,
    messageId: message.id,
    contentDigest: digest,
    requestedBy: ctx.userId,
    at: ctx.now,
  });
  // A pending text edited again is still the same request (the edit is in the trail as message.updated).
  if (current?.status === 'pending') return null;
  const step = current ? 'message.approval_resubmitted' : 'message.approval_requested';
  await recordApprovalStep(tx, ctx, step, message, current ? { previous: current.status } : {});
  return step;
}

/** The approval state of each message, by id, in three queries whatever their number. */
export async function approvalsOf(
  db: DbOrTx,
  stationId: string,
  messages: TApprovalMessage[],
): Promise<Map<string, TMessageApproval>> {
  if (messages.length === 0) return new Map();
  const [station, rows] = await Promise.all([
    findStationById(db, stationId),
    repo.listApprovals(
      db,
      stationId,
      messages.map((m) => m.id),
    ),
  ]);
  if (!station) return new Map();
  const byMessage = new Map(rows.map((row) => [row.messageId, row]));
  const names = await findUserNames(db, namedUsers(rows, messages));
  return new Map(messages.map((m) => [m.id, toApprovalView(station, m, byMessage.get(m.id) ?? null, names)]));
}

export type { TApprovalRowJson } from './repo.js';

/** A message's approval row as JSON, a column of the messages list's one statement (decision 0061). */
export function approvalJsonSql(stationId: SQL, messageId: SQL): SQL {
  return repo.approvalJsonSql(stationId, messageId);
}

/** The ids of the people these messages' approvals name, a subquery of the same statement. */
export function approvalPeopleSql(stationId: SQL, messageIds: SQL): SQL {
  return repo.approvalPeopleSql(stationId, messageIds);
}
export type { TApprovalStation } from './state.js';

/**
 * The approval state of each message from what the messages list's one statement read (decision
 * 0061): the station's approval settings, each message's row and the names of the people they
 * name; the same views as approvalsOf.
 */
export function approvalViewsFrom(
  station: TApprovalStation | null,
  messages: { message: TApprovalMessage; row: repo.TApprovalRowJson | null }[],
  names: Record<string, string>,
): Map<string, TMessageApproval> {
  if (!station || messages.length === 0) return new Map();
  const nameMap = new Map(Object.entries(names));
  return new Map(
    messages.map(({ message, row }) => [
      message.id,
      toApprovalView(
        station,
        message,
        row
          ? {
              ...row,
              requestedAt: new Date(row.requestedAt),
              decidedAt: row.decidedAt ? new Date(row.decidedAt) : null,
            }
          : null,
        nameMap,
      ),
    ]),
  );
}
