// A standard user's request that the station's admins send a message (decision 0077). Standard
// users may not send SMS (canSendSms), so in an emergency they ask: every admin gets an email in
// their language and sees the request on the dashboard, the Messages page and the message; an admin
// sends it through the usual confirmation (any send of the message answers the request, in the
// send's transaction) or declines it with a reason the requester reads. Each step is in the trail.
import {
  actsAsStationAdmin,
  canRequestSend,
  emailLanguage,
  type TMessageSendRequests,
  type TSendRequestQueue,
  type TSendRequestView,
  type ZSendRequestsQuery,
} from '@message-station/shared';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { recordMessageStep } from '../approvals/message-service.js';
import { findMessage, findMessages } from '../messages/service.js';
import { getStationSummary } from '../station/service.js';
import { listStationAdmins } from '../users/service.js';
import { findUserNames } from '../users/trail-service.js';
import { sendRequestEmail } from './emails.js';
import * as repo from './repo.js';

type TStaffContext = Pick<
  TServiceContext,
  'db' | 'now' | 'stationId' | 'userId' | 'auth' | 'ip' | 'userAgent'
>;

function viewOf(row: repo.TSendRequestRow, names: Map<string, string>): TSendRequestView {
  const person = (id: string | null) => (id ? { id, name: names.get(id) ?? '' } : null);
  return {
    id: row.id,
    message_id: row.messageId,
    status: row.status,
    requested_by: person(row.requestedBy),
    requested_at: row.requestedAt.toISOString(),
    note: row.note,
    decided_by: person(row.decidedBy),
    decided_at: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

async function viewsOf(db: DbOrTx, rows: repo.TSendRequestRow[]): Promise<TSendRequestView[]> {
  const ids = rows.flatMap((row) => [row.requestedBy, row.decidedBy]).filter((id) => id !== null);
  const names = await findUserNames(db, [...new Set(ids)]);
  return rows.map((row) => viewOf(row, names));
}

async function requireMessage(db: DbOrTx, stationId: string, messageId: string, forUpdate = false) {
  const message = await findMessage(db, stationId, messageId, { forUpdate });
  if (!message) throw notFound('message_not_found');
  return message;
}

/** GET /admin/api/messages/{id}/send-requests: the message's requests, newest first. */
export async function listMessageRequests(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  messageId: string,
): Promise<TMessageSendRequests> {
  await requireMessage(ctx.db, ctx.stationId, messageId);
  return { requests: await viewsOf(ctx.db, await repo.listForMessage(ctx.db, ctx.stationId, messageId)) };
}

/**
 * POST /admin/api/messages/{id}/send-requests: a standard user asks the admins to send the message.
 * Refused to those who send themselves (send_request_by_admin), and while one waits for the message
 * (send_request_pending: the message's lock orders two at once, the index catches the rest).
 */
export async function requestSend(
  ctx: TStaffContext & Pick<TServiceContext, 'email' | 'config' | 'log'>,
  messageId: string,
  input: { note?: string },
): Promise<TSendRequestView> {
  if (!canRequestSend(ctx.auth)) {
    // Another station's message is not found, whoever asks: no refusal says it exists.
    await requireMessage(ctx.db, ctx.stationId, messageId);
    throw new AppError('send_request_by_admin');
  }
  const note = input.note?.trim() || null;
  const { row, message } = await ctx.db
    .transaction(async (tx) => {
      const message = await requireMessage(tx, ctx.stationId, messageId, true);
      const waiting = (await repo.listForMessage(tx, ctx.stationId, messageId)).some(
        (r) => r.status === 'pending',
      );
      if (waiting) throw new AppError('send_request_pending');
      const row = await repo.insertRequest(tx, {
        stationId: ctx.stationId,
        messageId,
        requestedBy: ctx.userId,
        note,
        at: ctx.now,
      });
      await recordMessageStep(tx, ctx, 'message.send_requested', message, { note });
      return { row, message };
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('send_request_pending');
      throw error;
    });
  await emailAdmins(ctx, { row, title: message.title, emergency: message.messageType === 'emergency' });
  const [view] = await viewsOf(ctx.db, [row]);
  return view as TSendRequestView;
}

/** Every admin of the station, in their language; one that fails is logged, the others still go. */
async function emailAdmins(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'email' | 'config' | 'log'>,
  request: { row: repo.TSendRequestRow; title: string; emergency: boolean },
) {
  const [station, names, admins] = await Promise.all([
    getStationSummary(ctx.db, ctx.stationId),
    findUserNames(ctx.db, request.row.requestedBy ? [request.row.requestedBy] : []),
    listStationAdmins(ctx.db, ctx.stationId),
  ]);
  const link = `${ctx.config.publicUrl}/admin/messages?message=${encodeURIComponent(request.row.messageId)}`;
  for (const admin of admins) {
    try {
      await ctx.email.send({
        to: admin.email,
        stationId: ctx.stationId,
        ...sendRequestEmail({
          adminName: admin.fullName,
          requesterName: names.get(request.row.requestedBy ?? '') ?? '',
          stationName: station?.displayName ?? 'Message Station',
          messageTitle: request.title,
          emergency: request.emergency,
          note: request.row.note,
          link,
          language: emailLanguage(admin.language),
        }),
      });
    } catch (error) {
      ctx.log?.error({ err: error, sendRequestId: request.row.id }, 'send request email not sent');
    }
  }
}

/** POST /admin/api/send-requests/{id}/decline: an admin declines a pending request, maybe saying why. */
export async function declineRequest(
  ctx: TStaffContext,
  requestId: string,
  input: { reason?: string },
): Promise<TSendRequestView> {
  if (!actsAsStationAdmin(ctx.auth)) {
    if (!(await repo.findRequest(ctx.db, ctx.stationId, requestId))) throw notFound('send_request_not_found');
    throw new AppError('send_request_not_admin');
  }
  const reason = input.reason?.trim() || null;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findRequest(tx, ctx.stationId, requestId, { forUpdate: true });
    if (!current) throw notFound('send_request_not_found');
    if (current.status !== 'pending') throw new AppError('send_request_decided');
    const [declined] = await repo.decide(
      tx,
      ctx.stationId,
      { id: requestId },
      { status: 'declined', decidedBy: ctx.userId, at: ctx.now, reason },
    );
    if (!declined) throw new AppError('send_request_decided');
    const message = await requireMessage(tx, ctx.stationId, current.messageId);
    await recordMessageStep(tx, ctx, 'message.send_request_declined', message, { reason });
    return declined;
  });
  const [view] = await viewsOf(ctx.db, [row]);
  return view as TSendRequestView;
}

/**
 * Called in the transaction of any send of the message (delivery's acceptSend, whoever sends it and
 * however): the requests waiting for it are answered, sent by that person, each in the trail.
 */
export async function answerRequestsBySend(
  tx: DbOrTx,
  ctx: Pick<TServiceContext, 'now' | 'stationId' | 'userId'> & Partial<Pick<TServiceContext, 'auth'>>,
  message: { id: string; title: string },
): Promise<number> {
  const answered = await repo.decide(
    tx,
    ctx.stationId,
    { messageId: message.id },
    { status: 'sent', decidedBy: ctx.userId, at: ctx.now },
  );
  for (const row of answered) {
    await recordMessageStep(tx, ctx, 'message.send_request_sent', message, { request_id: row.id });
  }
  return answered.length;
}

/** GET /admin/api/send-requests: the station's requests in one state (pending by default), newest first. */
export async function listRequestQueue(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  query: z.output<typeof ZSendRequestsQuery>,
): Promise<TSendRequestQueue> {
  const { rows, count } = await repo.listByStatus(ctx.db, ctx.stationId, query);
  const messages = new Map(
    (
      await findMessages(
        ctx.db,
        ctx.stationId,
        rows.map((row) => row.messageId),
      )
    ).map((m) => [m.id, m]),
  );
  const views = await viewsOf(ctx.db, rows);
  return {
    count,
    requests: views.map((view) => ({
      ...view,
      title: messages.get(view.message_id)?.title ?? '',
      message_type: messages.get(view.message_id)?.messageType ?? '',
    })),
  };
}

/** How many requests wait for the station's admins, a column of the dashboard's one statement. */
export function pendingSendRequestsSql(stationId: SQL): SQL {
  return repo.pendingCountSql(stationId);
}
