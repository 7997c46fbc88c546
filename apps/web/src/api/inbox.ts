// Typed calls of the two-way inbox (decision 0040).
import type {
  TInboxConversations,
  TInboxReplyPreview,
  TInboxReplyPreviewRequest,
  TInboxReplyRequest,
  TInboxReplyResult,
  TInboxSettings,
  TInboxThread,
  TInboxUnread,
} from '@message-station/shared';
import { api } from './client';

export const INBOX_STREAM_URL = '/admin/api/inbox/stream';

export function getInbox(signal?: AbortSignal): Promise<TInboxConversations> {
  return api<TInboxConversations>('/admin/api/inbox', { signal });
}

export function getInboxUnread(signal?: AbortSignal): Promise<TInboxUnread> {
  return api<TInboxUnread>('/admin/api/inbox/unread', { signal });
}

export function getInboxThread(id: string, signal?: AbortSignal): Promise<TInboxThread> {
  return api<TInboxThread>(`/admin/api/inbox/${id}`, { signal });
}

export function markInboxRead(id: string): Promise<TInboxUnread> {
  return api<TInboxUnread>(`/admin/api/inbox/${id}/read`, { method: 'POST' });
}

export function previewInboxReply(
  id: string,
  request: TInboxReplyPreviewRequest,
): Promise<TInboxReplyPreview> {
  return api<TInboxReplyPreview>(`/admin/api/inbox/${id}/reply/preview`, { method: 'POST', body: request });
}

export function sendInboxReply(id: string, request: TInboxReplyRequest): Promise<TInboxReplyResult> {
  return api<TInboxReplyResult>(`/admin/api/inbox/${id}/reply`, { method: 'POST', body: request });
}

export function getInboxSettings(signal?: AbortSignal): Promise<TInboxSettings> {
  return api<TInboxSettings>('/admin/api/inbox/settings', { signal });
}

export function saveInboxSettings(settings: TInboxSettings): Promise<TInboxSettings> {
  return api<TInboxSettings>('/admin/api/inbox/settings', { method: 'PUT', body: settings });
}
