// SMS subscribers of a station (contacts), what each wants to receive, and the consent history.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { stations } from './stations.js';
import { users } from './users.js';

export type TPendingSignup = {
  choices: { message_type: string; language: string }[];
  /** The consent text the person saw and ticked, with where it came from. */
  consent_text: string;
  ip: string | null;
  user_agent: string | null;
};

export const smsContacts = pgTable(
  'sms_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** E.164, US only. */
    phone: text('phone').notNull(),
    name: text('name'),
    /** The language of the contact's first choice; used for replies such as confirmations. */
    language: text('language').notNull().default('en'),
    /** pending (not confirmed yet), active, paused (by staff: receives nothing), opted_out. */
    status: text('status', { enum: ['pending', 'active', 'paused', 'opted_out'] })
      .notNull()
      .default('pending'),
    isVerified: boolean('is_verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** How the contact first came: web join, staff, import, the public API. */
    source: text('source', { enum: ['web', 'staff', 'import', 'api'] }).notNull(),
    /** A join-page sign-up waiting for its code: applied once the code checks out. */
    pendingSignup: jsonb('pending_signup').$type<TPendingSignup>(),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sms_contacts_station_phone_key').on(t.stationId, t.phone),
    index('sms_contacts_station_status_idx').on(t.stationId, t.status),
    index('sms_contacts_phone_idx').on(t.phone),
    // The SMS Contacts page: newest first (read backwards), a page at a time, without sorting them all.
    index('sms_contacts_station_signed_up_idx').on(t.stationId, t.signedUpAt, t.id),
    // Its search: any part of a name or of the number's digits (ILIKE '%…%') through trigrams.
    // Without GIN's pending list (decision 0075): every search would scan the unsorted entries
    // of recent joins and imports until a vacuum merged them, and PGlite never vacuums by itself.
    index('sms_contacts_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`).with({ fastupdate: false }),
    index('sms_contacts_phone_trgm_idx')
      .using('gin', sql`${t.phone} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('sms_contacts_status', sql`${t.status} in ('pending', 'active', 'paused', 'opted_out')`),
  ],
);

/**
 * A station's contacts by status and verification, kept by a statement trigger on sms_contacts
 * (migration 0015, decision 0030): the dashboard and the SMS Contacts page's total read these
 * instead of counting every contact.
 */
export const smsContactCounts = pgTable(
  'sms_contact_counts',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    isVerified: boolean('is_verified').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.status, t.isVerified] })],
);

/** One row per message type the contact receives, with the language for it. */
export const smsContactPreferences = pgTable(
  'sms_contact_preferences',
  {
    contactId: uuid('contact_id')
      .notNull()
      .references(() => smsContacts.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    messageType: text('message_type').notNull(),
    language: text('language').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.messageType] }),
    index('sms_contact_preferences_station_type_idx').on(t.stationId, t.messageType),
  ],
);

/** Every opt-in and opt-out, kept even when the contact is deleted (carrier and TCPA records). */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => smsContacts.id, { onDelete: 'set null' }),
    phone: text('phone').notNull(),
    event: text('event', { enum: ['opt_in', 'opt_out'] }).notNull(),
    source: text('source', {
      enum: ['web_join', 'keyword', 'import', 'staff', 'unsubscribe_page', 'api'],
    }).notNull(),
    /** The exact consent text shown or attested, or the keyword received. */
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_events_station_phone_idx').on(t.stationId, t.phone, t.createdAt)],
);

/** Texts received from subscribers, once each (providers retry webhooks). */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerMessageId: text('provider_message_id').notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** stop, start, help, language (a language name, decision 0026), or null when it was no keyword. */
    keyword: text('keyword'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inbound_messages_provider_id_key').on(t.providerMessageId)],
);
