// The endpoint table (decision 0067): The SMS inbox: conversations, replies and its settings.
import {
  ZInboxConversationIdParams,
  type ZInboxConversations,
  type ZInboxReplyPreview,
  ZInboxReplyPreviewRequest,
  ZInboxReplyRequest,
  type ZInboxReplyResult,
  ZInboxSettings,
  type ZInboxThread,
  type ZInboxUnread,
} from '../inbox.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/inbox */
export const inboxList = endpoint('GET', '/admin/api/inbox').returns<typeof ZInboxConversations>();

/** GET /admin/api/inbox/unread */
export const inboxUnread = endpoint('GET', '/admin/api/inbox/unread').returns<typeof ZInboxUnread>();

/** GET /admin/api/inbox/:id */
export const inboxThread = endpoint('GET', '/admin/api/inbox/:id', {
  params: ZInboxConversationIdParams,
}).returns<typeof ZInboxThread>();

/** POST /admin/api/inbox/:id/read */
export const inboxMarkRead = endpoint('POST', '/admin/api/inbox/:id/read', {
  params: ZInboxConversationIdParams,
}).returns<typeof ZInboxUnread>();

/** POST /admin/api/inbox/:id/reply/preview */
export const inboxReplyPreview = endpoint('POST', '/admin/api/inbox/:id/reply/preview', {
  params: ZInboxConversationIdParams,
  body: ZInboxReplyPreviewRequest,
}).returns<typeof ZInboxReplyPreview>();

/** POST /admin/api/inbox/:id/reply */
export const inboxReply = endpoint('POST', '/admin/api/inbox/:id/reply', {
  params: ZInboxConversationIdParams,
  body: ZInboxReplyRequest,
}).returns<typeof ZInboxReplyResult>();

/** GET /admin/api/inbox/settings */
export const inboxSettings = endpoint('GET', '/admin/api/inbox/settings').returns<typeof ZInboxSettings>();

/** PUT /admin/api/inbox/settings */
export const inboxSaveSettings = endpoint('PUT', '/admin/api/inbox/settings', {
  body: ZInboxSettings,
}).returns<typeof ZInboxSettings>();

/** The area's entries by name. */
export const inboxEndpoints = {
  list: inboxList,
  unread: inboxUnread,
  thread: inboxThread,
  markRead: inboxMarkRead,
  replyPreview: inboxReplyPreview,
  reply: inboxReply,
  settings: inboxSettings,
  saveSettings: inboxSaveSettings,
};
