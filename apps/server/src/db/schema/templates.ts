// Message templates: saved messages with `{field}` placeholders, and their
// translations per station language, reviewed or corrected by staff like a message's.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { stations } from './stations.js';
import { users } from './users.js';

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** What staff pick it by ("Snow day closure"); unique per station, ignoring case. */
    name: text('name').notNull(),
    messageType: text('message_type').notNull(),
    title: text('title').notNull(),
    original: text('original').notNull(),
    originalLanguage: text('original_language').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_templates_station_name_key').on(t.stationId, sql`lower(${t.name})`),
    check(
      'message_templates_type',
      sql`${t.messageType} in ('emergency', 'alert', 'station', 'informational')`,
    ),
  ],
);

export const messageTemplateTranslations = pgTable(
  'message_template_translations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => messageTemplates.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    languageCode: text('language_code').notNull(),
    /** With the template's `{field}` placeholders as written in the original; null when it failed. */
    translatedText: text('translated_text'),
    /** Translated once when the template is saved: it either came back whole or failed. */
    status: text('status', { enum: ['completed', 'failed'] }).notNull(),
    /** Why it failed, in words staff can act on. */
    error: text('error'),
    /** The fields an engine dropped (the reason it failed): staff correct it keeping them. */
    lostFields: text('lost_fields').array().notNull().default(sql`'{}'::text[]`),
    review: text('review', { enum: ['machine', 'reviewed', 'corrected'] })
      .notNull()
      .default('machine'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Staff's correction of an older original, kept for them to put back after the original changed. */
    previousCorrection: text('previous_correction'),
    provider: text('provider'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('message_template_translations_template_language_key').on(t.templateId, t.languageCode),
    index('message_template_translations_station_idx').on(t.stationId),
    check('message_template_translations_status', sql`${t.status} in ('completed', 'failed')`),
    check('message_template_translations_review', sql`${t.review} in ('machine', 'reviewed', 'corrected')`),
  ],
);
