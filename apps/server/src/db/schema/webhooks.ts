// Outbound webhooks: a station's endpoints, one delivery per event and endpoint, and
// every attempt to POST it.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { smsSends } from './delivery.js';
import { stations } from './stations.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it receives (WEBHOOK_EVENT_TYPES). */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason', { enum: ['admin', 'failures'] }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The signing secret (whsec_…), sealed with AES-256-GCM under a key derived from SESSION_SECRET. */
    secretSealed: text('secret_sealed').notNull(),
    secretHint: text('secret_hint').notNull(),
    /** Deliveries failed in a row with none delivered since; at the limit the endpoint is disabled. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    // recordWebhookEvent's one look: the station's enabled endpoints.
    index('webhook_endpoints_station_enabled_idx').on(t.stationId).where(sql`${t.enabled}`),
    check('webhook_endpoints_disabled_reason', sql`${t.disabledReason} in ('admin', 'failures')`),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The event's id: the same for every endpoint it goes to, and on a replay. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The body sent: {id, type, created_at, station_id, data}. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Retries go on for 24 h from here: the first attempt, or the replay. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
    /** The worker that holds a `sending` row, until when (a dead worker's row is taken back then). */
    claimedBy: text('claimed_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's claim: due rows in time order.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_sending_idx').on(t.leaseUntil).where(sql`${t.status} = 'sending'`),
    // The delivery log, newest first, per station and per endpoint.
    index('webhook_deliveries_station_idx').on(t.stationId, t.createdAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'sending', 'delivered', 'failed')`),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    /** The first KB of the answer. */
    responseBody: text('response_body'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);

/**
 * How far each send's progress was told (send.progress at each 10 % step, send.completed once),
 * kept only for sends of stations with an endpoint for those events.
 */
export const webhookSendMarks = pgTable('webhook_send_marks', {
  sendId: uuid('send_id')
    .primaryKey()
    .references(() => smsSends.id, { onDelete: 'cascade' }),
  stationId: uuid('station_id')
    .notNull()
    .references(() => stations.id, { onDelete: 'cascade' }),
  step: integer('step').notNull().default(0),
  completed: boolean('completed').notNull().default(false),
});
