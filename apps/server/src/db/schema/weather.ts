// National Weather Service alerts: each station's weather settings, and every alert a
// station received with what it became (one row per station and NWS alert, ever).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { messages } from './messages.js';
import { stations } from './stations.js';
import { users } from './users.js';

export const weatherSettings = pgTable('weather_settings', {
  stationId: uuid('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** The zones followed, with the names the picker showed: [{ id: 'OKC029', name: 'Coal' }]. */
  zones: jsonb('zones').$type<{ id: string; name: string }[]>().notNull().default(sql`'[]'::jsonb`),
  /** NWS event names followed; empty: every event. */
  eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
  severities: text('severities').array().notNull().default(sql`'{}'::text[]`),
  autoSendSeverities: text('auto_send_severities').array().notNull().default(sql`'{}'::text[]`),
  /** The admin who last saved: drafts are written, and auto-sends made, on their behalf. */
  configuredBy: uuid('configured_by').references(() => users.id, { onDelete: 'set null' }),
  /** NWS's Last-Modified for these zones, sent back as If-Modified-Since; null after a change of zones. */
  lastModified: text('last_modified'),
  lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
  lastErrorCode: text('last_error_code'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  ...timestamps,
});

export const weatherAlerts = pgTable(
  'weather_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** NWS's CAP identifier. */
    nwsId: text('nws_id').notNull(),
    event: text('event').notNull(),
    severity: text('severity').notNull(),
    headline: text('headline').notNull(),
    areaDesc: text('area_desc').notNull(),
    kind: text('kind', { enum: ['Alert', 'Update', 'Cancel'] }).notNull(),
    /** The NWS identifiers this Update or Cancel refers to. */
    references: text('references').array().notNull().default(sql`'{}'::text[]`),
    /** The station's record of the alert this one updates or cancels. */
    originalId: uuid('original_id').references((): AnyPgColumn => weatherAlerts.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', {
      enum: [
        'drafted',
        'auto_sent',
        'approval_requested',
        'auto_send_waiting',
        'send_refused',
        'ignored_event',
        'ignored_severity',
        'ignored_cancel',
        'failed',
      ],
    }).notNull(),
    errorCode: text('error_code'),
    errorParams: jsonb('error_params')
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    sendId: uuid('send_id'),
    /**
     * The drafted alert's whole text per language ({ en: '…', es: '…' }), uncut: its public page
     * (/alerts/{station}/{message}) shows it when the SMS had to be shortened (decision 0052).
     */
    fullTexts: jsonb('full_texts').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    ...timestamps,
  },
  (t) => [
    // One draft per station and NWS alert, however many nodes poll at once.
    uniqueIndex('weather_alerts_station_nws_key').on(t.stationId, t.nwsId),
    index('weather_alerts_station_received_idx').on(t.stationId, t.receivedAt),
    index('weather_alerts_waiting_idx').on(t.stationId).where(sql`${t.outcome} = 'auto_send_waiting'`),
    check('weather_alerts_kind', sql`${t.kind} in ('Alert', 'Update', 'Cancel')`),
    check(
      'weather_alerts_outcome',
      sql`${t.outcome} in ('drafted', 'auto_sent', 'approval_requested', 'auto_send_waiting', 'send_refused', 'ignored_event', 'ignored_severity', 'ignored_cancel', 'failed')`,
    ),
  ],
);
