// Typed calls of the two-way inbox (decision 0040).
import {
  inboxList,
  inboxMarkRead,
  inboxReply,
  inboxReplyPreview,
  inboxSaveSettings,
  inboxSettings,
  inboxThread,
  inboxUnread,
  type TInboxConversations,
  type TInboxReplyPreview,
  type TInboxReplyPreviewRequest,
  type TInboxReplyRequest,
  type TInboxReplyResult,
  type TInboxSettings,
  type TInboxThread,
  type TInboxUnread,
} from '@message-station/shared';
import { call } from './call';

export const INBOX_STREAM_URL = '/admin/api/inbox/stream';

export function getInbox(signal?: AbortSignal): Promise<TInboxConversations> {
  return call(inboxList, { signal });
}

export function getInboxUnread(signal?: AbortSignal): Promise<TInboxUnread> {
  return call(inboxUnread, { signal });
}

export function getInboxThread(id: string, signal?: AbortSignal): Promise<TInboxThread> {
  return call(inboxThread, { params: { id }, signal });
}

export function markInboxRead(id: string): Promise<TInboxUnread> {
  return call(inboxMarkRead, { params: { id } });
}

export function previewInboxReply(
  id: string,
  request: TInboxReplyPreviewRequest,
): Promise<TInboxReplyPreview> {
  return call(inboxReplyPreview, { params: { id }, body: request });
}

export function sendInboxReply(id: string, request: TInboxReplyRequest): Promise<TInboxReplyResult> {
  return call(inboxReply, { params: { id }, body: request });
}

export function getInboxSettings(signal?: AbortSignal): Promise<TInboxSettings> {
  return call(inboxSettings, { signal });
}

export function saveInboxSettings(settings: TInboxSettings): Promise<TInboxSettings> {
  return call(inboxSaveSettings, { body: settings });
}
