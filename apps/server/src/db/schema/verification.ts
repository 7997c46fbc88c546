// One-time SMS codes (signup, subscriber join, password reset) and the dev outbox.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations.js';

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['registration', 'subscriber', 'password_reset'] }).notNull(),
    /** What the code proves: a registration draft, a subscriber contact, a reset request. */
    subjectId: uuid('subject_id').notNull(),
    phone: text('phone').notNull(),
    /** HMAC of the code with the server secret: six digits alone would fall to a brute force. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Replaced by a newer code, or used up by wrong tries. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    index('verification_codes_subject_idx').on(t.purpose, t.subjectId),
    index('verification_codes_phone_idx').on(t.phone, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    check(
      'verification_codes_purpose',
      sql`${t.purpose} in ('registration', 'subscriber', 'password_reset')`,
    ),
  ],
);

/** What the dev outbox provider "sent": SMS and emails, shown on /dev/outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_messages_created_idx').on(t.createdAt),
    check('outbox_messages_channel', sql`${t.channel} in ('sms', 'email')`),
  ],
);
