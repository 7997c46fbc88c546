// SMS sends of a message and one delivery per recipient, tracked from queued to delivered.
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { messages } from './messages.js';
import { oneRowPerStation, stations } from './stations.js';
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
    /** The client's Idempotency-Key: the same key answers the first send again, never a second. */
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_sends_station_created_idx').on(t.stationId, t.createdAt),
    index('sms_sends_message_idx').on(t.messageId),
    uniqueIndex('sms_sends_idempotency_key').on(t.stationId, t.idempotencyKey),
  ],
);

/**
 * The delivery state machine (decision 0016):
 * - queued: waiting for its time (quiet hours, backoff) or a dispatcher;
 * - claimed: a dispatcher holding the lane took it, the provider has not been called: safe to give back;
 * - submitting: the provider call has started; the answer is unknown until recorded. Never re-sent
 *   blindly: after its holder died, the provider is asked whether it has the message;
 * - sent → delivered | undelivered (status callbacks); failed (permanent error or retries used up);
 * - held_after_restore: not final when a restored backup was taken (queued, claimed or submitting
 *   then); the live database may have sent it since. Never dispatched: an admin sends (after asking
 *   the provider) or cancels it (decision 0055).
 */
export const DELIVERY_STATUSES = [
  'queued',
  'claimed',
  'submitting',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'held_after_restore',
] as const;

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
    /** The sending lane it goes out on: 'default' (the service's number) or 'station:{id}'. */
    lane: text('lane').notNull().default('default'),
    /** 0 for emergencies, 1 for the rest: emergencies jump the shared sending lane. */
    priority: smallint('priority').notNull().default(1),
    /** When a dispatcher took it, and which one (its node's id while it holds the lane). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    claimedBy: text('claimed_by'),
    /** When the provider call started (status submitting): the window to look for it afterwards. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /**
     * Sent again although the provider could not say whether it had it (a possible duplicate):
     * counted and shown. Zero when every crash was resolved by asking the provider.
     */
    reclaimed: integer('reclaimed').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    /** held_after_restore: the status it had in the backup, and the restore that held it (0055). */
    heldFrom: text('held_from'),
    restoreId: uuid('restore_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_deliveries_send_contact_key').on(t.sendId, t.contactId),
    index('sms_deliveries_due_idx').on(t.lane, t.priority, t.notBefore).where(sql`${t.status} = 'queued'`),
    index('sms_deliveries_in_flight_idx')
      .on(t.lane, t.claimedBy)
      .where(sql`${t.status} in ('claimed', 'submitting')`),
    index('sms_deliveries_provider_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('sms_deliveries_held_after_restore_idx')
      .on(t.sendId)
      .where(sql`${t.status} = 'held_after_restore'`),
    check(
      'sms_deliveries_status',
      sql`${t.status} in ('queued', 'claimed', 'submitting', 'sent', 'delivered', 'undelivered', 'failed', 'held_after_restore')`,
    ),
  ],
);

/**
 * A station's sending identity (decisions 0016, 0065), one row per station, created with it and
 * written only by the delivery module: its own sending number (E.164) or Messaging Service SID,
 * set by the operator (null: the service's; with its own sender the station has its own lane and
 * pace), and the messages per second its 10DLC campaign allows (null: the service's
 * SMS_RATE_PER_SECOND). `created_at` is the station's: routing prefers the oldest station.
 */
export const stationSending = pgTable(
  'station_sending',
  {
    stationId: oneRowPerStation(),
    smsSender: text('sms_sender'),
    smsRatePerSecond: real('sms_rate_per_second'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'station_sending_sms_rate',
      sql`${t.smsRatePerSecond} is null or (${t.smsRatePerSecond} >= 0.1 and ${t.smsRatePerSecond} <= 1000)`,
    ),
  ],
);

/**
 * A sending lane: one sending identity (the service's number or Messaging Service) with one pace
 * across every node. Only the holder of a live lease dispatches the lane; it renews the lease while
 * it sends, and a lease that ran out belongs to a node that died (decision 0016).
 */
export const smsDispatchLanes = pgTable('sms_dispatch_lanes', {
  lane: text('lane').primaryKey(),
  holder: text('holder'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  /** Takeovers of a dead holder's lease, for operators. */
  takeovers: integer('takeovers').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The dispatchers alive now, one row per worker process (decision 0060): each renews its row
 * while it runs, timed by the database's clock like a lane's lease, and deletes it when it stops.
 * Each takes about its share of the lanes with work: ceil(lanes with work / live dispatchers).
 */
export const smsDispatchWorkers = pgTable('sms_dispatch_workers', {
  /** The process's dispatcher id, the prefix of every lane lease it takes (`{id}/{run}`). */
  id: text('id').primaryKey(),
  seenUntil: timestamp('seen_until', { withTimezone: true }).notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per refunded delivery: the primary key makes a second refund of it impossible. */
export const smsRefunds = pgTable(
  'sms_refunds',
  {
    deliveryId: uuid('delivery_id').notNull(),
    stationId: uuid('station_id').notNull(),
    credits: integer('credits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId] })],
);

/**
 * A status callback that arrived before its delivery recorded the provider's id (the provider
 * answered, the callback overtook our write): kept, and applied when the id is recorded.
 */
export const smsEarlyStatuses = pgTable('sms_early_statuses', {
  providerMessageId: text('provider_message_id').primaryKey(),
  status: text('status').notNull(),
  /** 2 sent, 3 final (delivered, undelivered, failed): a later callback only moves it forward. */
  rank: smallint('rank').notNull(),
  error: text('error'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/*
 * Rollups (decision 0030): kept by statement triggers on sms_deliveries (migration 0015), so the
 * dashboard and the activity line read a few rows however long the history is. They count exactly
 * what a scan of sms_deliveries would; `rollups.test.ts` compares both after every kind of change.
 */

/** Texts of one send at each status (claimed and submitting are "sending"), and its shape. */
export const smsSendStats = pgTable('sms_send_stats', {
  sendId: uuid('send_id')
    .primaryKey()
    .references(() => smsSends.id, { onDelete: 'cascade' }),
  stationId: uuid('station_id').notNull(),
  total: integer('total').notNull().default(0),
  queued: integer('queued').notNull().default(0),
  claimed: integer('claimed').notNull().default(0),
  submitting: integer('submitting').notNull().default(0),
  sent: integer('sent').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  undelivered: integer('undelivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** Texts held after a restore, waiting for an admin's decision (decision 0055). */
  heldAfterRestore: integer('held_after_restore').notNull().default(0),
  /** Texts sent again without the provider confirming the first (reclaimed > 0). */
  possibleDuplicates: integer('possible_duplicates').notNull().default(0),
  /** The lowest phone number (the recipient, when there is one), longest body, most segments. */
  onePhone: text('one_phone'),
  characters: integer('characters').notNull().default(0),
  segments: integer('segments').notNull().default(0),
});

/**
 * Queued texts of a send released at 8 AM in their recipient's zone (quiet hours), by release time
 * and zone: held while the release time is ahead, due after it.
 */
export const smsSendHolds = pgTable(
  'sms_send_holds',
  {
    sendId: uuid('send_id')
      .notNull()
      .references(() => smsSends.id, { onDelete: 'cascade' }),
    releaseAt: timestamp('release_at', { withTimezone: true }).notNull(),
    zone: text('zone').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.sendId, t.releaseAt, t.zone] })],
);

/**
 * Texts handed to the provider (sent, delivered, undelivered) per station and hour of sending (the
 * hour's start, a whole UTC hour): every station zone is a whole number of hours from UTC, so its
 * days and months are exact sums of these hours whatever zone the station is in or moves to
 * (decision 0079).
 */
export const smsHourlyStats = pgTable(
  'sms_hourly_stats',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.hour] })],
);
