// Two-person approval of messages (decision 0039): the state of a message's approval,
// an admin's decision on it, what awaits the station's admins, and the gate every way a message
// leaves the station (SMS, Play, schedules) passes through.
import {
  actsAsStationAdmin,
  approvalRefusal,
  type TApprovalQueue,
  type TMessageApproval,
  type ZApprovalsQuery,
} from '@message-station/shared';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationById } from '../station/service.js';
import { approvalsOf, recordApprovalStep } from './message-service.js';
import * as repo from './repo.js';
import {
  contentDigest,
  requiresApproval,
  statusOf,
  type TApprovalMessage,
  type TApprovalStation,
} from './state.js';

export { requiresApproval } from './state.js';

/**
 * Throws 409 `approval_required` unless the message may leave the station: its type needs no
 * approval at this station (or it is an emergency the station lets through), or an admin who did
 * not write it approved this very text. Call it in the transaction that sends, plays or schedules.
 */
export async function refuseUnapproved(
  db: DbOrTx,
  station: TApprovalStation,
  message: TApprovalMessage,
): Promise<void> {
  if (!requiresApproval(station, message.messageType)) return;
  const row = await repo.findApproval(db, station.id, message.id);
  if (statusOf(station, message, row) !== 'approved') throw new AppError('approval_required');
}

/**
 * How approvals read a message (the messages module's findMessage, which itself puts messages up
 * for approval): handed in by the routes' options from app.ts, so approvals sits below messages.
 */
export type TFindMessage = (
  db: DbOrTx,
  stationId: string,
  messageId: string,
  options?: { forUpdate?: boolean },
) => Promise<TApprovalMessage | null>;

type TReadContext = Pick<TServiceContext, 'db' | 'stationId'> & { findMessage: TFindMessage };

async function viewOf(db: DbOrTx, stationId: string, message: TApprovalMessage) {
  const view = (await approvalsOf(db, stationId, [message])).get(message.id);
  if (!view) throw notFound('message_not_found');
  return view;
}

/** GET /admin/api/messages/{id}/approval; another station's message answers 404. */
export async function getApproval(ctx: TReadContext, messageId: string): Promise<TMessageApproval> {
  const message = await ctx.findMessage(ctx.db, ctx.stationId, messageId);
  if (!message) throw notFound('message_not_found');
  return viewOf(ctx.db, ctx.stationId, message);
}

export type TDecision = {
  decision: 'approved' | 'rejected';
  comment?: string;
  /** The revision the admin read. */
  revision?: number;
};

type TDecideContext = Pick<
  TServiceContext,
  'db' | 'now' | 'stationId' | 'userId' | 'auth' | 'ip' | 'userAgent'
> & { findMessage: TFindMessage };

/**
 * An admin other than the message's writers approves or rejects its pending text. Runs under the
 * message's lock, so an edit and a decision take turns: a decision on a text that changed since
 * the admin read it (revision) answers 409 approval_stale, on a decided one approval_already_decided.
 */
export async function decideApproval(ctx: TDecideContext, messageId: string, input: TDecision) {
  if (!actsAsStationAdmin(ctx.auth)) throw new AppError('approval_not_admin');
  await ctx.db.transaction(async (tx) => {
    const message = await ctx.findMessage(tx, ctx.stationId, messageId, { forUpdate: true });
    if (!message) throw notFound('message_not_found');
    const station = await findStationById(tx, ctx.stationId);
    if (!station) throw notFound('station_not_found');
    let row = await repo.findApproval(tx, ctx.stationId, messageId, { forUpdate: true });
    const requestedBy = row?.requestedBy ? { id: row.requestedBy, name: '' } : null;
    const refusal = approvalRefusal(
      { ...ctx.auth, id: ctx.userId },
      { author_id: message.createdBy, requested_by: requestedBy },
    );
    if (refusal) throw new AppError(refusal);
    const status = statusOf(station, message, row);
    if (status === 'not_required') throw new AppError('approval_not_requested');
    if (status !== 'pending') throw new AppError('approval_already_decided');
    if (input.revision !== undefined && input.revision !== (row?.revision ?? 1)) {
      throw new AppError('approval_stale');
    }
    // Held since before the station turned approval on, or its text changed by another way.
    if (!row || row.contentDigest !== contentDigest(message)) {
      row = await repo.upsertRequest(tx, {
        stationId: ctx.stationId,
        messageId,
        contentDigest: contentDigest(message),
        requestedBy: row?.requestedBy ?? message.createdBy,
        at: ctx.now,
      });
    }
    await repo.decideApproval(tx, ctx.stationId, messageId, {
      status: input.decision,
      decidedBy: ctx.userId,
      comment: input.comment || null,
      at: ctx.now,
    });
    const step = input.decision === 'approved' ? 'message.approved' : 'message.rejected';
    await recordApprovalStep(tx, ctx, step, message, {
      revision: row.revision,
      comment: input.comment || null,
    });
  });
  return getApproval(ctx, messageId);
}

/** GET /admin/api/approvals: the station's messages in one approval state, newest request first. */
export async function listApprovalQueue(
  ctx: TReadContext,
  query: z.output<typeof ZApprovalsQuery>,
): Promise<TApprovalQueue> {
  const { rows, count } = await repo.listApprovalsByStatus(ctx.db, ctx.stationId, query);
  const messages = (
    await Promise.all(rows.map((row) => ctx.findMessage(ctx.db, ctx.stationId, row.messageId)))
  ).filter((m) => m !== null);
  const views = await approvalsOf(ctx.db, ctx.stationId, messages);
  // A row of a type the station no longer holds, or of an older text, is not in this state now.
  const approvals = messages.flatMap((m) => {
    const view = views.get(m.id);
    return view?.status === query.status ? [{ ...view, title: m.title, message_type: m.messageType }] : [];
  });
  return { count: count - (rows.length - approvals.length), approvals };
}
