// The two-way inbox (decision 0040): a conversation per station and phone number, and
// its texts: what a subscriber wrote (kept as written, with its translation into the station's
// primary language), what staff answered (their words, and what was sent in the subscriber's
// language), and the station's auto-replies.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { oneRowPerStation, stations } from './stations.js';
import { smsContacts } from './subscribers.js';
import { users } from './users.js';

/**
 * A station's inbox settings, one row per station (decision 0065): created with the station,
 * written only by the inbox module.
 */
export const stationInboxSettings = pgTable('station_inbox_settings', {
  stationId: oneRowPerStation(),
  /** Inbound texts in the inbox are answered by the station's auto-reply. */
  autoReply: boolean('auto_reply').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const INBOX_DIRECTIONS = ['in', 'out', 'auto'] as const;
export const INBOX_TRANSLATION_STATUSES = ['not_needed', 'pending', 'completed', 'failed'] as const;
export const INBOX_SMS_STATUSES = ['received', 'sent', 'failed'] as const;

export const inboxConversations = pgTable(
  'inbox_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** E.164: the conversation outlives a deleted contact. */
    phone: text('phone').notNull(),
    contactId: uuid('contact_id').references(() => smsContacts.id, { onDelete: 'set null' }),
    /** Texts from the subscriber not yet seen by staff (opening the conversation reads them). */
    unreadCount: integer('unread_count').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    /** The start of the latest text (the station's translation of an inbound one when ready). */
    lastPreview: text('last_preview').notNull().default(''),
    lastDirection: text('last_direction', { enum: INBOX_DIRECTIONS }).notNull(),
    /** The latest auto-reply: at most one per conversation per 12 hours (decision 0040). */
    autoRepliedAt: timestamp('auto_replied_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('inbox_conversations_station_phone_key').on(t.stationId, t.phone),
    index('inbox_conversations_station_last_idx').on(t.stationId, t.lastMessageAt),
    check('inbox_conversations_last_direction', sql`${t.lastDirection} in ('in', 'out', 'auto')`),
  ],
);

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => inboxConversations.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: INBOX_DIRECTIONS }).notNull(),
    /** As received (in), or as sent to the subscriber (out, auto). */
    body: text('body').notNull(),
    /** The language of `body`: the contact's for in, out and auto. */
    language: text('language').notNull(),
    /** In: the text in the station's primary language. */
    translatedText: text('translated_text'),
    translationLanguage: text('translation_language'),
    /** In only; null for out and auto. */
    translationStatus: text('translation_status', { enum: INBOX_TRANSLATION_STATUSES }),
    translationError: text('translation_error'),
    /** Out: what staff wrote, and in which language (their interface language). */
    staffText: text('staff_text'),
    staffLanguage: text('staff_language'),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    /** In: Twilio's MessageSid (each text stored once); out and auto: the id of what was sent. */
    providerMessageId: text('provider_message_id'),
    smsStatus: text('sms_status', { enum: INBOX_SMS_STATUSES }).notNull(),
    segments: integer('segments').notNull().default(0),
    /** Credits charged for this text (out and auto); inbound texts cost nothing. */
    credits: integer('credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('inbox_messages_inbound_provider_key')
      .on(t.providerMessageId)
      .where(sql`${t.direction} = 'in'`),
    check('inbox_messages_direction', sql`${t.direction} in ('in', 'out', 'auto')`),
    check('inbox_messages_sms_status', sql`${t.smsStatus} in ('received', 'sent', 'failed')`),
    check(
      'inbox_messages_translation_status',
      sql`${t.translationStatus} is null or ${t.translationStatus} in ('not_needed', 'pending', 'completed', 'failed')`,
    ),
  ],
);
