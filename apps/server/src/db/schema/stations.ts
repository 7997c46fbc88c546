// A station (the tenant), its languages and its four message types.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';

export const stations = pgTable(
  'stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Station ID of signup: lowercase letters and digits, at most 20 characters, never changes. */
    slug: text('slug').notNull(),
    /** Station name as registered; immutable. */
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    brandColor: text('brand_color').notNull().default('#007bff'),
    primaryLanguage: text('primary_language').notNull().default('en'),
    logoUrl: text('logo_url'),
    privacyPolicyUrl: text('privacy_policy_url').notNull(),
    termsUrl: text('terms_url').notNull(),
    signupEnabled: boolean('signup_enabled').notNull().default(true),
    smsEnabled: boolean('sms_enabled').notNull().default(false),
    /** IANA time zone the station's schedules run in; Settings → Station. */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('stations_slug_key').on(t.slug),
    check('stations_slug_format', sql`${t.slug} ~ '^[a-z0-9]{1,20}$'`),
    check(
      'stations_primary_language',
      sql`${t.primaryLanguage} in ('en','es','fr','de','it','pt','zh','ja','ko')`,
    ),
  ],
);

/**
 * The key of a table with one row per station (decision 0065): the station's id, its rows going
 * with the station.
 */
export const oneRowPerStation = () =>
  uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' });

/**
 * A station's policies (decision 0065), one row per station, created with it and written only by
 * the station's settings: the second factor its admins must use, and which message types wait for
 * a review of their translations or for a second person's approval.
 */
export const stationPolicies = pgTable('station_policies', {
  stationId: oneRowPerStation(),
  /** Admins of this station must sign in with a second factor (TOTP). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /**
   * Message types whose SMS waits until staff reviewed every translation (decision 0035). New
   * stations start with emergencies (decision 0050): the offline engine's text is checked first.
   */
  reviewRequiredTypes: text('review_required_types').array().notNull().default(sql`'{emergency}'::text[]`),
  /** Message types whose SMS and Play wait for a second person's approval. */
  approvalRequiredTypes: text('approval_required_types').array().notNull().default(sql`'{}'::text[]`),
  /** An emergency goes without approval even where its type requires one. */
  approvalBypassEmergency: boolean('approval_bypass_emergency').notNull().default(true),
  ...timestamps,
});

/** The languages a station supports (its "supported languages" setting; default en only). */
export const stationLanguages = pgTable(
  'station_languages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').notNull(),
    displayName: text('display_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('station_languages_station_language_key').on(t.stationId, t.languageCode),
    check('station_languages_code', sql`${t.languageCode} in ('en','es','fr','de','it','pt','zh','ja','ko')`),
  ],
);

/** Each station has exactly the four fixed types; only their wording, colour and switch change. */
export const messageTypes = pgTable(
  'message_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    messageType: text('message_type', {
      enum: ['emergency', 'alert', 'station', 'informational'],
    }).notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    colorCode: text('color_code').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_types_station_type_key').on(t.stationId, t.messageType),
    check('message_types_key', sql`${t.messageType} in ('emergency', 'alert', 'station', 'informational')`),
  ],
);

/**
 * A message type's name and description in one language: what the join page shows a
 * subscriber who reads that language. `source` says where the words came from: the built-in
 * catalogue (default), a translation engine (machine), or staff in Settings (staff). Staff words
 * are never replaced by a machine translation.
 */
export const messageTypeTranslations = pgTable(
  'message_type_translations',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    messageType: text('message_type', {
      enum: ['emergency', 'alert', 'station', 'informational'],
    }).notNull(),
    language: text('language').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    source: text('source', { enum: ['default', 'machine', 'staff'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.messageType, t.language] }),
    check(
      'message_type_translations_key',
      sql`${t.messageType} in ('emergency', 'alert', 'station', 'informational')`,
    ),
    check(
      'message_type_translations_language',
      sql`${t.language} in ('en','es','fr','de','it','pt','zh','ja','ko')`,
    ),
    check('message_type_translations_source', sql`${t.source} in ('default', 'machine', 'staff')`),
  ],
);

/**
 * A station's own wording of a subscriber text in one language: the opt-in
 * confirmation, the HELP reply and the inbox auto-reply. Without a row the catalogue's text is sent.
 */
export const stationSmsTexts = pgTable(
  'station_sms_texts',
  {
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirmation', 'help', 'auto_reply'] }).notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stationId, t.kind, t.language] }),
    check('station_sms_texts_kind', sql`${t.kind} in ('confirmation', 'help', 'auto_reply')`),
    check('station_sms_texts_language', sql`${t.language} in ('en','es','fr','de','it','pt','zh','ja','ko')`),
  ],
);
