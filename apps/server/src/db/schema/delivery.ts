// SMS sends of a message and one delivery per recipient, tracked from queued to delivered.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { messages } from './messages.js';
import { stations } from './stations.js';
import { users } from './users.js';

/** One click of Send SMS: who sent what, to how many, for how many credits. */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** Kept (as null) when the message is deleted later: the send stays in the history. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    messageTitle: text('message_title').notNull(),
    messageType: text('message_type').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    recipients: integer('recipients').notNull(),
    credits: integer('credits').notNull(),
    /** Recipients held for quiet hours when the send was accepted. */
    waiting: integer('waiting').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_sends_station_created_idx').on(t.stationId, t.createdAt),
    index('sms_sends_message_idx').on(t.messageId),
  ],
);

export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed'] as const;

export const smsDeliveries = pgTable(
  'sms_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key on station_id or contact_id: a send of 100,000 rows would pay a trigger per
    // row for each (about 1 s on PostgreSQL). The send row carries the station (and cascades);
    // a deleted contact leaves its history here with the phone it was sent to.
    stationId: uuid('station_id').notNull(),
    sendId: uuid('send_id')
      .notNull()
      .references(() => smsSends.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id'),
    phone: text('phone').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    segments: integer('segments').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('queued'),
    /** Not before this time: quiet hours in the recipient's zone, or a retry's backoff. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When a dispatcher took it; a stale claim (crashed node) is put back in the queue. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Put back after a crash while in flight: the provider may have sent it already. */
    reclaimed: integer('reclaimed').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_deliveries_send_contact_key').on(t.sendId, t.contactId),
    index('sms_deliveries_due_idx').on(t.stationId, t.notBefore).where(sql`${t.status} = 'queued'`),
    index('sms_deliveries_sending_idx').on(t.claimedAt).where(sql`${t.status} = 'sending'`),
    index('sms_deliveries_provider_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    check(
      'sms_deliveries_status',
      sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed')`,
    ),
  ],
);
