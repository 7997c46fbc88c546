// The two-way inbox (decision 0040): conversations with subscribers, their texts with the
// station's translation, and staff replies previewed in the subscriber's language before they go.
// GET /admin/api/inbox, GET /admin/api/inbox/:id, POST …/:id/read, …/:id/reply/preview, …/:id/reply.
import { z } from 'zod';
import { ZUiLanguage } from './auth.js';
import { LANGUAGE_CODES } from './constants.js';
import { refusal } from './issue-message.js';
import { textField } from './text-field.js';

export const INBOX_DIRECTIONS = ['in', 'out', 'auto'] as const;
export type TInboxDirection = (typeof INBOX_DIRECTIONS)[number];
export const INBOX_TRANSLATION_STATUSES = ['not_needed', 'pending', 'completed', 'failed'] as const;
export type TInboxTranslationStatus = (typeof INBOX_TRANSLATION_STATUSES)[number];
/** What a staff reply may hold: what staff write is translated, then sent (up to ten segments). */
export const INBOX_REPLY_MAX = 1000;
/** A subscriber text gets at most one auto-reply per conversation in this many hours. */
export const INBOX_AUTO_REPLY_HOURS = 12;

/** Live events on the inbox stream (GET /admin/api/inbox/stream). */
export const INBOX_EVENTS = {
  /** A text came in or went out, or a translation finished: `{conversation_id, unread_total}`. */
  changed: 'inbox_changed',
} as const;

export const ZInboxConversationIdParams = z.object({ id: z.uuid(refusal('inbox_conversation_not_found')) });

export const ZInboxConversation = z.object({
  id: z.string(),
  phone: z.string(),
  contact_id: z.string().nullable(),
  contact_name: z.string().nullable(),
  /** The subscriber's language (replies are translated into it). */
  language: z.string(),
  /** pending, active, paused, opted_out; null when the number is no contact of the station. */
  contact_status: z.string().nullable(),
  unread_count: z.number(),
  last_message_at: z.string(),
  last_preview: z.string(),
  last_direction: z.enum(INBOX_DIRECTIONS),
});
export type TInboxConversation = z.infer<typeof ZInboxConversation>;

export const ZInboxConversations = z.object({
  conversations: z.array(ZInboxConversation),
  /** Unread texts across the station's conversations (the nav badge). */
  unread_total: z.number(),
});
export type TInboxConversations = z.infer<typeof ZInboxConversations>;

export const ZInboxUnread = z.object({ unread_total: z.number() });
export type TInboxUnread = z.infer<typeof ZInboxUnread>;

export const ZInboxMessage = z.object({
  id: z.string(),
  direction: z.enum(INBOX_DIRECTIONS),
  /** As the subscriber wrote it (in), or as sent to them (out, auto). */
  body: z.string(),
  language: z.string(),
  /** In: the text in the station's primary language. */
  translated_text: z.string().nullable(),
  translation_language: z.string().nullable(),
  translation_status: z.enum(INBOX_TRANSLATION_STATUSES).nullable(),
  translation_error: z.string().nullable(),
  /** Out: what staff wrote, in their language. */
  staff_text: z.string().nullable(),
  staff_language: z.string().nullable(),
  sent_by_name: z.string().nullable(),
  sms_status: z.enum(['received', 'sent', 'failed']),
  segments: z.number(),
  credits: z.number(),
  created_at: z.string(),
});
export type TInboxMessage = z.infer<typeof ZInboxMessage>;

export const ZInboxThread = z.object({
  conversation: ZInboxConversation,
  /** The station's primary language: what inbound texts are translated into. */
  station_language: z.string(),
  messages: z.array(ZInboxMessage),
});
export type TInboxThread = z.infer<typeof ZInboxThread>;

const replyText = textField({
  label: 'Reply',
  max: INBOX_REPLY_MAX,
  required: refusal('invalid_value', { detail: 'Write a reply.' }),
});

export const ZInboxReplyPreviewRequest = z.object({
  text: replyText,
  /** The language staff wrote in; their interface language when left out. */
  language: ZUiLanguage.optional(),
});
export type TInboxReplyPreviewRequest = z.infer<typeof ZInboxReplyPreviewRequest>;

export const ZInboxReplyPreview = z.object({
  text: z.string(),
  staff_language: z.string(),
  /** The subscriber's language, and the text as it will be sent in it. */
  language: z.enum(LANGUAGE_CODES),
  body: z.string(),
  characters: z.number(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number(),
  /** One credit per segment: what sending will charge. */
  credits: z.number(),
  balance: z.number(),
});
export type TInboxReplyPreview = z.infer<typeof ZInboxReplyPreview>;

export const ZInboxReplyRequest = ZInboxReplyPreviewRequest.extend({
  /** The text to send, as previewed (staff may correct it); charged by its own segments. */
  body: textField({
    label: 'Reply',
    max: INBOX_REPLY_MAX,
    required: refusal('invalid_value', { detail: 'Write a reply.' }),
  }),
});
export type TInboxReplyRequest = z.infer<typeof ZInboxReplyRequest>;

export const ZInboxReplyResult = z.object({
  message: ZInboxMessage,
  credits: z.number(),
  balance: z.number(),
});
export type TInboxReplyResult = z.infer<typeof ZInboxReplyResult>;

/** GET and PUT /admin/api/inbox/settings (PUT: admins). */
export const ZInboxSettings = z.object({
  /** Answer each conversation's text with the station's auto-reply, at most every 12 hours. */
  auto_reply: z.boolean(),
});
export type TInboxSettings = z.infer<typeof ZInboxSettings>;
