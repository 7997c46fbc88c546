// Typed calls of a standard user's request that the admins send a message (decision 0077): asking,
// a message's requests, an admin's Decline, and what awaits the admins. An admin answers a request
// by sending the message (api/messages' sendSms).
import {
  sendRequestsCreate,
  sendRequestsDecline,
  sendRequestsOfMessage,
  sendRequestsQueue,
  type TMessageSendRequests,
  type TSendRequestCreate,
  type TSendRequestDecline,
  type TSendRequestQueue,
  type TSendRequestView,
} from '@message-station/shared';
import { call } from './call';

export type { TSendRequestQueue, TSendRequestView } from '@message-station/shared';

export function askToSend(messageId: string, body: TSendRequestCreate): Promise<TSendRequestView> {
  return call(sendRequestsCreate, { params: { id: messageId }, body });
}

export function getMessageSendRequests(
  messageId: string,
  signal?: AbortSignal,
): Promise<TMessageSendRequests> {
  return call(sendRequestsOfMessage, { params: { id: messageId }, signal });
}

export function declineSendRequest(requestId: string, body: TSendRequestDecline): Promise<TSendRequestView> {
  return call(sendRequestsDecline, { params: { id: requestId }, body });
}

export function getPendingSendRequests(signal?: AbortSignal): Promise<TSendRequestQueue> {
  return call(sendRequestsQueue, { query: { status: 'pending' }, signal });
}
