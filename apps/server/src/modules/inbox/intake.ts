// A subscriber's text that is no keyword (decision 0040): stored in the conversation of the station
// it belongs to (routing.ts), queued for translation into the station's primary language when the
// contact writes in another, and answered by the station's auto-reply when it is on. Runs in the
// webhook's transaction (the text, its job and the auto-reply's charge commit together); what
// reaches beyond the database (the auto-reply's SMS, the live event) runs after the commit.
import { INBOX_AUTO_REPLY_HOURS } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import { findStationBilling, sendingAllowed } from '../billing/service.js';
import { stationSender } from '../delivery/sending-service.js';
import { autoReplyBody } from '../sms-texts/service.js';
import { findStationById } from '../station/service.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { publishInboxChange } from './events.js';
import { chargeText, sendRecorded, type TOutboundText } from './outbound.js';
import * as repo from './repo.js';
import { routeInboundText } from './routing.js';
import { findInboxAutoReply } from './settings-repo.js';
import type { TInboxQueue } from './translation-queue.js';

export type TInboxIntakeDeps = {
  db: Db;
  events: TEventBus;
  sms: TSmsProvider;
  inboxQueue: TInboxQueue;
  now: () => Date;
  log?: { info?(details: object, message: string): void; error(details: object, message: string): void };
};

export type TInboxText = { providerMessageId: string; phone: string; to: string; body: string };

type TStation = NonNullable<Awaited<ReturnType<typeof findStationById>>>;

/** Stores the text; answers what to do once the transaction has committed (null: nothing). */
export async function receiveInboxText(
  deps: TInboxIntakeDeps,
  tx: DbOrTx,
  text: TInboxText,
): Promise<(() => Promise<void>) | null> {
  const route = await routeInboundText(tx, text.phone, text.to);
  const station = route ? await findStationById(tx, route.stationId) : null;
  if (!route || !station) {
    // Numbers no station knows are not kept in any inbox; the text itself is (inbound_messages).
    deps.log?.info?.({ to: text.to }, 'inbound text from a number no station knows');
    return null;
  }
  const at = deps.now();
  const language = route.contact?.language ?? station.primaryLanguage;
  const translate = language !== station.primaryLanguage;
  const conversation = await repo.touchConversation(tx, {
    stationId: station.id,
    phone: text.phone,
    contactId: route.contact?.id ?? null,
    at,
    preview: text.body,
    direction: 'in',
    unread: 1,
  });
  const message = await repo.insertMessage(tx, {
    stationId: station.id,
    conversationId: conversation.id,
    direction: 'in',
    body: text.body,
    language,
    translationLanguage: station.primaryLanguage,
    translationStatus: translate ? 'pending' : 'not_needed',
    providerMessageId: text.providerMessageId,
    smsStatus: 'received',
    createdAt: at,
  });
  // The webhook records each provider id once before this, so a repeat cannot get here.
  if (!message) throw new Error('inbox text stored twice');
  await recordWebhookEvent(tx, {
    stationId: station.id,
    type: 'inbound.received',
    at,
    data: {
      message_id: message.id,
      conversation_id: conversation.id,
      contact_id: route.contact?.id ?? null,
      phone: text.phone,
      body: text.body,
      language,
    },
  });
  if (translate) await deps.inboxQueue.enqueue(tx, { stationId: station.id, messageId: message.id });

  const autoReply =
    route.contact?.status === 'opted_out'
      ? null
      : await recordAutoReply(deps, tx, station, conversation, language, at);
  return async () => {
    if (translate) deps.inboxQueue.wake();
    if (autoReply) await sendRecorded(deps, autoReply.text, autoReply.message);
    await publishInboxChange(deps, station.id, conversation.id);
  };
}

/**
 * The auto-reply, when the station has it on and this conversation had none in the last
 * INBOX_AUTO_REPLY_HOURS: recorded and charged like any text the station sends (nothing when SMS is
 * off, the plan lapsed or credits are short: the text still waits in the inbox).
 */
async function recordAutoReply(
  deps: TInboxIntakeDeps,
  tx: DbOrTx,
  station: TStation,
  conversation: repo.TConversationRow,
  language: string,
  at: Date,
): Promise<{ text: TOutboundText; message: repo.TInboxMessageRow } | null> {
  if (!station.smsEnabled) return null;
  const billing = await findStationBilling(tx, station.id);
  if (!billing || !sendingAllowed(billing, at)) return null;
  if (!(await findInboxAutoReply(tx, station.id))) return null;
  const last = conversation.autoRepliedAt?.getTime();
  if (last !== undefined && at.getTime() - last < INBOX_AUTO_REPLY_HOURS * 3_600_000) return null;
  const body = await autoReplyBody(tx, {
    station: { id: station.id, displayName: station.displayName },
    language,
  });
  const charged = await chargeText(tx, station.id, body, at, conversation.id);
  if (!charged) {
    deps.log?.info?.({ stationId: station.id }, 'inbox auto-reply skipped: not enough credits');
    return null;
  }
  await repo.setAutoRepliedAt(tx, station.id, conversation.id, at);
  const message = await repo.insertMessage(tx, {
    stationId: station.id,
    conversationId: conversation.id,
    direction: 'auto',
    body,
    language,
    smsStatus: 'sent',
    segments: charged.segments,
    credits: charged.segments,
    // Just after the text it answers, so the thread shows them in that order.
    createdAt: new Date(at.getTime() + 1),
  });
  if (!message) throw new Error('auto-reply insert returned nothing');
  return {
    text: {
      stationId: station.id,
      phone: conversation.phone,
      body,
      from: await stationSender(tx, station.id),
    },
    message,
  };
}
