// Typed calls for sending a message by SMS: what a send would cost,
// the send itself, and the delivery progress of every send of a message.
import {
  deliveryCsv,
  deliveryPreview,
  deliveryProgress,
  deliveryRecipients,
  deliverySend,
  IDEMPOTENCY_KEY_HEADER,
  type TDeliveryProgress,
  type TDeliveryRecipients,
  type TSendPreview,
  type TSendRequest,
  type TSendResult,
} from '@message-station/shared';
import { call, endpointUrl, type TQueryOf } from './call';

export type {
  TDeliveryProgress,
  TSendConflict,
  TSendPreview,
  TSendResult,
} from '@message-station/shared';

/** Recipients, segments and credits per language, and the balance; nothing is spent. */
export function getSendPreview(id: string, signal?: AbortSignal): Promise<TSendPreview> {
  return call(deliveryPreview, { params: { id }, signal });
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
  return call(deliverySend, {
    params: { id: messageId },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    body: body && Object.keys(body).length ? body : undefined,
  });
}

/** Counts over every send of the message; total 0 when it was never sent. */
export function getDeliveryProgress(id: string, signal?: AbortSignal): Promise<TDeliveryProgress> {
  return call(deliveryProgress, { params: { id }, signal });
}

/** A page of the message's texts: recipient (number masked), status, failure reason, times. */
export function listRecipients(
  id: string,
  query: { stage?: string; language?: string; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<TDeliveryRecipients> {
  const { limit, offset, stage, language } = query;
  return call(deliveryRecipients, {
    params: { id },
    query: { limit, offset, stage, language } as TQueryOf<typeof deliveryRecipients>,
    signal,
  });
}

/** Every text of the message's sends as CSV (admins), as the server names the file. */
export function deliveriesCsvPath(id: string): string {
  return endpointUrl(deliveryCsv, { params: { id } });
}
