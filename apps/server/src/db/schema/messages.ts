// Messages written once by staff and their translations, one row per target language.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { stations } from './stations.js';
import { users } from './users.js';

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    original: text('original').notNull(),
    originalLanguage: text('original_language').notNull(),
    messageType: text('message_type').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('messages_station_created_idx').on(t.stationId, t.createdAt),
    check('messages_type', sql`${t.messageType} in ('emergency', 'alert', 'station', 'informational')`),
  ],
);

export const messageTranslations = pgTable(
  'message_translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').notNull(),
    translatedText: text('translated_text'),
    status: text('status', { enum: ['pending', 'completed', 'failed'] })
      .notNull()
      .default('pending'),
    /** Why it failed, in words an operator can act on. */
    error: text('error'),
    /**
     * `machine` as an engine wrote it; `reviewed` read and approved by staff; `corrected` written
     * by staff. A correction is kept when the same original is translated again.
     */
    review: text('review', { enum: ['machine', 'reviewed', 'corrected'] })
      .notNull()
      .default('machine'),
    /** Who reviewed or corrected it, and when (null for a machine translation). */
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * Staff's correction of an older original, kept when the original changed, until staff
     * choose between it and the new machine translation (the message cannot be sent before).
     */
    previousCorrection: text('previous_correction'),
    /** Words of the original the engine did not know and left as written (Apertium marks them). */
    unknownWords: text('unknown_words').array().notNull().default(sql`'{}'::text[]`),
    /** Which original this translation (or pending job) belongs to; a newer edit supersedes it. */
    revision: integer('revision').notNull().default(1),
    provider: text('provider'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_translations_message_language_key').on(t.messageId, t.languageCode),
    index('message_translations_station_idx').on(t.stationId),
    check('message_translations_status', sql`${t.status} in ('pending', 'completed', 'failed')`),
    check('message_translations_review', sql`${t.review} in ('machine', 'reviewed', 'corrected')`),
  ],
);
