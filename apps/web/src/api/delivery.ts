// Typed calls for sending a message by SMS (spec §5 Send SMS, §7 send-sms): what a send would cost,
// the send itself, and the delivery progress of every send of a message.
import {
  IDEMPOTENCY_KEY_HEADER,
  type TDeliveryProgress,
  type TDeliveryRecipients,
  type TSendPreview,
  type TSendRequest,
  type TSendResult,
} from '@message-station/shared';
import { api } from './client';

export type {
  TDeliveryProgress,
  TSendConflict,
  TSendPreview,
  TSendResult,
} from '@message-station/shared';

function sendSmsPath(id: string): string {
  return `/admin/api/messages/${encodeURIComponent(id)}/send-sms`;
}

/** Recipients, segments and credits per language, and the balance; nothing is spent. */
export function getSendPreview(id: string, signal?: AbortSignal): Promise<TSendPreview> {
  return api<TSendPreview>(`${sendSmsPath(id)}/preview`, { signal });
}

export type TSendSmsRequest = {
  messageId: string;
  /** The same key for every attempt of one send: a retry answers the first, never sends twice. */
  idempotencyKey: string;
  /** Confirms a message that was already sent, or is still being sent, goes once more. */
  sendAgain?: boolean;
  /** An emergency whose type requires review: the admin confirmed sending unreviewed texts. */
  sendUnreviewed?: boolean;
};

/** Queues one SMS per active subscriber of the message's type and charges the credits. */
export function sendSms({
  messageId,
  idempotencyKey,
  sendAgain,
  sendUnreviewed,
}: TSendSmsRequest): Promise<TSendResult> {
  const body: TSendRequest = {
    ...(sendAgain ? { send_again: true } : {}),
    ...(sendUnreviewed ? { send_unreviewed: true } : {}),
  };
  return api<TSendResult>(sendSmsPath(messageId), {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body: body && Object.keys(body).length ? body : undefined,
  });
}

/** Counts over every send of the message; total 0 when it was never sent. */
export function getDeliveryProgress(id: string, signal?: AbortSignal): Promise<TDeliveryProgress> {
  return api<TDeliveryProgress>(`/admin/api/messages/${encodeURIComponent(id)}/deliveries`, { signal });
}

/** A page of the message's texts: recipient (number masked), status, failure reason, times. */
export function listRecipients(
  id: string,
  query: { stage?: string; language?: string; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<TDeliveryRecipients> {
  const params = new URLSearchParams({ limit: String(query.limit), offset: String(query.offset) });
  if (query.stage) params.set('stage', query.stage);
  if (query.language) params.set('language', query.language);
  return api<TDeliveryRecipients>(`/admin/api/messages/${encodeURIComponent(id)}/recipients?${params}`, {
    signal,
  });
}

/** Every text of the message's sends as CSV (admins), as the server names the file. */
export function deliveriesCsvPath(id: string): string {
  return `/admin/api/messages/${encodeURIComponent(id)}/deliveries.csv`;
}
