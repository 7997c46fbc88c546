// Signup drafts: everything the wizard collected, kept 24 hours until the phone is verified.
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { stations } from './stations.js';

export type TDraftMessageType = {
  message_type: string;
  description: string;
  is_active: boolean;
  /** The name as step 4 showed it, in `language` (absent in drafts saved before type names were kept per language). */
  display_name?: string;
};

export const registrationDrafts = pgTable(
  'registration_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    /** argon2id; the plain password is never stored, not even in a draft. */
    passwordHash: text('password_hash').notNull(),
    adminFullName: text('admin_full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    billingEmail: text('billing_email').notNull(),
    stationName: text('station_name').notNull(),
    stationSlug: text('station_slug').notNull(),
    displayName: text('display_name').notNull(),
    brandColor: text('brand_color').notNull(),
    supportedLanguages: jsonb('supported_languages').$type<string[]>().notNull(),
    /**
     * The station's primary language chosen in step 3 (decision 0083), among `supportedLanguages`;
     * null in drafts saved before it was asked (English when among them, else the first).
     */
    primaryLanguage: text('primary_language'),
    privacyPolicyUrl: text('privacy_policy_url').notNull(),
    termsUrl: text('terms_url').notNull(),
    /** The station's time zone chosen in step 3 (one of STATION_TIME_ZONES). */
    timeZone: text('time_zone').notNull().default('America/New_York'),
    messageTypes: jsonb('message_types').$type<TDraftMessageType[]>().notNull(),
    /** The wizard's language (en or es): the names and descriptions of step 4 are in it. */
    language: text('language').notNull().default('en'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    stationId: uuid('station_id').references(() => stations.id, { onDelete: 'set null' }),
  },
  (t) => [index('registration_drafts_expires_idx').on(t.expiresAt)],
);
