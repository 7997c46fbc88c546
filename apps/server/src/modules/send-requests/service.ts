// A standard user's request that the station's admins send a message (decision 0077). Standard
// users may not send SMS (canSendSms), so in an emergency they ask: every admin gets an email in
// their language and sees the request on the dashboard, the Messages page and the message; an admin
// sends it through the usual confirmation (any send of the message answers the request, in the
// send's transaction) or declines it with a reason the requester reads. Each step is in the trail,
// and the requester gets an email in their language once it is answered (decision 0083).
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
import { findUserById, listStationAdmins } from '../users/service.js';
import { findUserNames } from '../users/trail-service.js';
import { sendRequestAnsweredEmail, sendRequestEmail, type TSendRequestAnswerer } from './emails.js';
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

/** Where an email's button opens the message: the Messages page with it open. */
function messageLink(config: Pick<TServiceContext['config'], 'publicUrl'>, messageId: string) {
  return `${config.publicUrl}/admin/messages?message=${encodeURIComponent(messageId)}`;
}

type TEmailContext = Pick<TServiceContext, 'db' | 'stationId' | 'email' | 'log'> & {
  config: Pick<TServiceContext['config'], 'publicUrl'>;
};

/** One email about a request, from the station; one that fails is logged and the others still go. */
async function sendAbout(
  ctx: TEmailContext,
  sendRequestId: string,
  email: { to: string; subject: string; text: string; html: string },
) {
  try {
    await ctx.email.send({ ...email, stationId: ctx.stationId });
  } catch (error) {
    ctx.log?.error({ err: error, sendRequestId }, 'send request email not sent');
  }
}

/**
 * The requester of each answered request, in their language: sent or declined, by whom, and why.
 * After the answer's transaction; one that fails is logged, the answer stands.
 */
async function emailRequesters(
  ctx: TEmailContext,
  answered: repo.TSendRequestRow[],
  title: string,
  answeredBy: TSendRequestAnswerer = 'admin',
) {
  const ids = answered.flatMap((row) => [row.requestedBy, row.decidedBy]).filter((id) => id !== null);
  const names = await findUserNames(ctx.db, [...new Set(ids)]);
  for (const row of answered) {
    const requester = row.requestedBy ? await findUserById(ctx.db, row.requestedBy) : null;
    if (!requester || (row.status !== 'sent' && row.status !== 'declined')) continue;
    await sendAbout(ctx, row.id, {
      to: requester.email,
      ...sendRequestAnsweredEmail({
        requesterName: requester.fullName,
        adminName: names.get(row.decidedBy ?? '') ?? '',
        messageTitle: title,
        outcome: row.status,
        answeredBy,
        reason: row.reason,
        link: messageLink(ctx.config, row.messageId),
        language: emailLanguage(requester.language),
      }),
    });
  }
}

/**
 * After a send of the message is committed (delivery's startSend, a schedule's run, the weather
 * auto-send): the requests that send answered (sent at its moment) are told to their requesters,
 * with who sent it (`by`: an admin by default). A replayed send answered none.
 */
export async function emailRequestersOfSend(
  ctx: TEmailContext,
  send: { messageId: string; at: Date; by?: TSendRequestAnswerer },
) {
  const answered = (await repo.listForMessage(ctx.db, ctx.stationId, send.messageId)).filter(
    (row) => row.status === 'sent' && row.decidedAt?.getTime() === send.at.getTime(),
  );
  if (answered.length === 0) return;
  const message = await findMessage(ctx.db, ctx.stationId, send.messageId);
  await emailRequesters(ctx, answered, message?.title ?? '', send.by);
}

/** Every admin of the station, in their language; one that fails is logged, the others still go. */
async function emailAdmins(
  ctx: TEmailContext,
  request: { row: repo.TSendRequestRow; title: string; emergency: boolean },
) {
  const [station, names, admins] = await Promise.all([
    getStationSummary(ctx.db, ctx.stationId),
    findUserNames(ctx.db, request.row.requestedBy ? [request.row.requestedBy] : []),
    listStationAdmins(ctx.db, ctx.stationId),
  ]);
  const link = messageLink(ctx.config, request.row.messageId);
  for (const admin of admins) {
    await sendAbout(ctx, request.row.id, {
      to: admin.email,
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
  }
}

/** POST /admin/api/send-requests/{id}/decline: an admin declines a pending request, maybe saying why. */
export async function declineRequest(
  ctx: TStaffContext & Pick<TServiceContext, 'email' | 'config' | 'log'>,
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
    return { ...declined, title: message.title };
  });
  await emailRequesters(ctx, [row], row.title);
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
