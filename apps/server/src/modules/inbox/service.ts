// The inbox (decision 0040): a station's conversations with its subscribers, read and
// answered by staff. Replies are written in the staff member's language, translated into the
// subscriber's, previewed with their cost, then charged and sent. Inbound texts arrive through
// intake.ts (the SMS webhook) and are translated by translation-worker.ts.
import {
  smsSegments,
  type TInboxConversation,
  type TInboxConversations,
  type TInboxMessage,
  type TInboxReplyPreview,
  type TInboxReplyPreviewRequest,
  type TInboxReplyRequest,
  type TInboxReplyResult,
  type TInboxSettings,
  type TInboxThread,
  type TLanguageCode,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import { AppError, notFound } from '../../platform/errors.js';
import { TranslationError } from '../../providers/translation/types.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationBilling, sendingAllowed } from '../billing/service.js';
import { stationSender } from '../delivery/sending-service.js';
import { findStationById } from '../station/service.js';
import { inboxContacts, type TInboxContact } from '../subscribers/inbox-contacts-service.js';
import { glossaryBetween } from '../translation/glossary-service.js';
import { findUserById } from '../users/service.js';
import { findUserNames } from '../users/trail-service.js';
import { publishInboxChange } from './events.js';
import { chargeText, sendRecorded } from './outbound.js';
import * as repo from './repo.js';
import * as settings from './settings-repo.js';

export { receiveInboxText, type TInboxIntakeDeps } from './intake.js';
export { declareInboxQueue, inboxQueue, type TInboxQueue } from './translation-queue.js';
export { startInboxWorker } from './translation-worker.js';

const LIST_LIMIT = 200;
const THREAD_LIMIT = 200;

type TStaffContext = Pick<TServiceContext, 'db' | 'now' | 'stationId'>;
type TReplyContext = TStaffContext &
  Pick<TServiceContext, 'userId' | 'sms' | 'events' | 'stationTranslation' | 'log'> & { clock: () => Date };

function conversationJson(
  row: repo.TConversationRow,
  contact: TInboxContact | null,
  fallbackLanguage: string,
): TInboxConversation {
  return {
    id: row.id,
    phone: row.phone,
    contact_id: row.contactId,
    contact_name: contact?.name ?? null,
    language: contact?.language ?? fallbackLanguage,
    contact_status: contact?.status ?? null,
    unread_count: row.unreadCount,
    last_message_at: row.lastMessageAt.toISOString(),
    last_preview: row.lastPreview,
    last_direction: row.lastDirection,
  };
}

function messageJson(row: repo.TInboxMessageRow, names: Map<string, string>): TInboxMessage {
  return {
    id: row.id,
    direction: row.direction,
    body: row.body,
    language: row.language,
    translated_text: row.translatedText,
    translation_language: row.translationLanguage,
    translation_status: row.translationStatus,
    translation_error: row.translationError,
    staff_text: row.staffText,
    staff_language: row.staffLanguage,
    sent_by_name: row.sentBy ? (names.get(row.sentBy) ?? null) : null,
    sms_status: row.smsStatus,
    segments: row.segments,
    credits: row.credits,
    created_at: row.createdAt.toISOString(),
  };
}

async function stationOf(db: DbOrTx, stationId: string) {
  const station = await findStationById(db, stationId);
  if (!station) throw notFound('station_not_found');
  return station;
}

async function conversationOf(db: DbOrTx, stationId: string, id: string, forUpdate = false) {
  const row = await repo.findConversation(db, stationId, id, { forUpdate });
  if (!row) throw notFound('inbox_conversation_not_found');
  return row;
}

async function contactOf(db: DbOrTx, stationId: string, row: repo.TConversationRow) {
  if (!row.contactId) return null;
  return (await inboxContacts(db, stationId, [row.contactId])).get(row.contactId) ?? null;
}

export async function listConversations(ctx: TStaffContext): Promise<TInboxConversations> {
  const station = await stationOf(ctx.db, ctx.stationId);
  const rows = await repo.listConversations(ctx.db, ctx.stationId, LIST_LIMIT);
  const contacts = await inboxContacts(
    ctx.db,
    ctx.stationId,
    rows.flatMap((row) => (row.contactId ? [row.contactId] : [])),
  );
  return {
    conversations: rows.map((row) =>
      conversationJson(
        row,
        row.contactId ? (contacts.get(row.contactId) ?? null) : null,
        station.primaryLanguage,
      ),
    ),
    unread_total: await repo.unreadTotal(ctx.db, ctx.stationId),
  };
}

export async function getInboxSettings(ctx: TStaffContext): Promise<TInboxSettings> {
  await stationOf(ctx.db, ctx.stationId);
  return { auto_reply: await settings.findInboxAutoReply(ctx.db, ctx.stationId) };
}

export async function saveInboxSettings(ctx: TStaffContext, input: TInboxSettings): Promise<TInboxSettings> {
  await stationOf(ctx.db, ctx.stationId);
  const row = await settings.setInboxAutoReply(ctx.db, ctx.stationId, input.auto_reply);
  if (!row) throw notFound('station_not_found');
  return { auto_reply: row.autoReply };
}

/** The inbox's rows of a new station: call in the transaction that creates it. */
export function openStationInbox(tx: DbOrTx, stationId: string) {
  return settings.insertInboxSettings(tx, stationId);
}

export async function unreadTotal(ctx: TStaffContext) {
  return { unread_total: await repo.unreadTotal(ctx.db, ctx.stationId) };
}

export async function getThread(ctx: TStaffContext, id: string): Promise<TInboxThread> {
  const [station, row] = await Promise.all([
    stationOf(ctx.db, ctx.stationId),
    conversationOf(ctx.db, ctx.stationId, id),
  ]);
  const [contact, messages] = await Promise.all([
    contactOf(ctx.db, ctx.stationId, row),
    repo.listMessages(ctx.db, ctx.stationId, row.id, THREAD_LIMIT),
  ]);
  const names = await findUserNames(ctx.db, [
    ...new Set(messages.flatMap((m) => (m.sentBy ? [m.sentBy] : []))),
  ]);
  return {
    conversation: conversationJson(row, contact, station.primaryLanguage),
    station_language: station.primaryLanguage,
    messages: messages.map((m) => messageJson(m, names)),
  };
}

/** Opening a conversation reads it: its unread texts count no more. */
export async function markConversationRead(ctx: TStaffContext & Pick<TServiceContext, 'events'>, id: string) {
  const read = await repo.markRead(ctx.db, ctx.stationId, id, ctx.now);
  if (!read) throw notFound('inbox_conversation_not_found');
  await publishInboxChange(ctx, ctx.stationId, id);
  return { unread_total: await repo.unreadTotal(ctx.db, ctx.stationId) };
}

/**
 * Whether the station may text this conversation now, and in which languages: refusals first
 * (opted out, SMS off, no plan), so nothing is translated or charged for a reply that cannot go.
 */
async function replyPlan(ctx: TReplyContext, db: DbOrTx, id: string, forUpdate = false) {
  const station = await stationOf(db, ctx.stationId);
  const billing = await findStationBilling(db, ctx.stationId);
  if (!billing) throw notFound('station_not_found');
  const conversation = await conversationOf(db, ctx.stationId, id, forUpdate);
  const contact = await contactOf(db, ctx.stationId, conversation);
  if (contact?.status === 'opted_out') throw new AppError('inbox_contact_opted_out');
  if (!station.smsEnabled) throw new AppError('sms_disabled');
  if (!sendingAllowed(billing, ctx.now)) throw new AppError('send_no_subscription');
  const language = (contact?.language ?? station.primaryLanguage) as TLanguageCode;
  return { station, balance: billing.smsCreditsBalance, conversation, language };
}

async function staffLanguage(ctx: TReplyContext, input: TInboxReplyPreviewRequest): Promise<TLanguageCode> {
  if (input.language) return input.language;
  return ((await findUserById(ctx.db, ctx.userId))?.language ?? 'en') as TLanguageCode;
}

/** The reply in the subscriber's language, as it will be sent, and what it will cost. */
export async function previewReply(
  ctx: TReplyContext,
  id: string,
  input: TInboxReplyPreviewRequest,
): Promise<TInboxReplyPreview> {
  const { station, balance, language } = await replyPlan(ctx, ctx.db, id);
  const from = await staffLanguage(ctx, input);
  let body = input.text;
  if (from !== language) {
    try {
      const engine = ctx.stationTranslation.forStation(ctx.stationId);
      const glossary = await glossaryBetween(ctx.db, ctx.stationId, {
        primary: station.primaryLanguage as TLanguageCode,
        from,
        to: language,
      });
      body = await engine.translate({ text: input.text, from, to: language, glossary });
    } catch (error) {
      if (!(error instanceof TranslationError)) throw error;
      throw new AppError('inbox_translation_failed', { detail: error.message });
    }
  }
  const info = smsSegments(body);
  return {
    text: input.text,
    staff_language: from,
    language,
    body,
    characters: info.characters,
    encoding: info.encoding,
    segments: info.segments,
    credits: info.segments,
    balance,
  };
}

/** Charges the reply (one credit per segment of what is sent), records it and sends it. */
export async function sendReply(
  ctx: TReplyContext,
  id: string,
  input: TInboxReplyRequest,
): Promise<TInboxReplyResult> {
  const from = await staffLanguage(ctx, input);
  const accepted = await ctx.db.transaction(async (tx) => {
    const { station, balance, conversation, language } = await replyPlan(ctx, tx, id, true);
    const charged = await chargeText(tx, station.id, input.body, ctx.now, conversation.id);
    if (!charged) {
      throw new AppError('not_enough_credits', {
        needed: smsSegments(input.body).segments,
        available: balance,
      });
    }
    const message = await repo.insertMessage(tx, {
      stationId: station.id,
      conversationId: conversation.id,
      direction: 'out',
      body: input.body,
      language,
      staffText: input.text,
      staffLanguage: from,
      sentBy: ctx.userId,
      smsStatus: 'sent',
      segments: charged.segments,
      credits: charged.segments,
      createdAt: ctx.now,
    });
    if (!message) throw new Error('reply insert returned nothing');
    await repo.touchConversation(tx, {
      stationId: station.id,
      phone: conversation.phone,
      contactId: conversation.contactId,
      at: ctx.now,
      preview: input.text,
      direction: 'out',
      unread: 0,
    });
    return {
      message,
      balance: charged.balance,
      phone: conversation.phone,
      sender: await stationSender(tx, station.id),
    };
  });
  const sent = await sendRecorded(
    { db: ctx.db, sms: ctx.sms, now: ctx.clock, log: ctx.log },
    { stationId: ctx.stationId, phone: accepted.phone, body: input.body, from: accepted.sender },
    accepted.message,
  );
  await publishInboxChange(ctx, ctx.stationId, id);
  const names = await findUserNames(ctx.db, [ctx.userId]);
  const refunded = sent.smsStatus === 'failed' ? accepted.message.credits : 0;
  return { message: messageJson(sent, names), credits: sent.credits, balance: accepted.balance + refunded };
}
