// Scheduled sends of a message and the record of each run.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
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

export const messageSchedules = pgTable(
  'message_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    repeat: text('repeat', { enum: ['once', 'daily', 'weekdays', 'weekly', 'monthly'] }).notNull(),
    /** The first day and the wall-clock time of every run, in `time_zone`. */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    localTime: text('local_time').notNull(),
    /** The station's zone when the schedule was saved; a change of the station's applies at its next edit. */
    timeZone: text('time_zone').notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    maxRuns: integer('max_runs'),
    runsDone: integer('runs_done').notNull().default(0),
    sendSms: boolean('send_sms').notNull(),
    /** The desktop app's client ids (agent_clients.client_id) to play on. */
    machineIds: text('machine_ids').array().notNull().default(sql`'{}'::text[]`),
    status: text('status', { enum: ['active', 'done', 'cancelled', 'failed'] })
      .notNull()
      .default('active'),
    /** The next run; null once the schedule is no longer active. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // The sweep: active schedules by the time they are due.
    index('message_schedules_due_idx').on(t.nextRunAt).where(sql`${t.status} = 'active'`),
    index('message_schedules_station_idx').on(t.stationId, t.createdAt),
    index('message_schedules_message_idx').on(t.messageId),
    check('message_schedules_repeat', sql`${t.repeat} in ('once', 'daily', 'weekdays', 'weekly', 'monthly')`),
    check('message_schedules_status', sql`${t.status} in ('active', 'done', 'cancelled', 'failed')`),
    check('message_schedules_local_time', sql`${t.localTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** One run of a schedule: what went out, or why it could not. One row per due time, ever. */
export const messageScheduleRuns = pgTable(
  'message_schedule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => messageSchedules.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: ['sent', 'failed'] }).notNull(),
    errorCode: text('error_code'),
    errorParams: jsonb('error_params')
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    sendId: uuid('send_id'),
    recipients: integer('recipients').notNull().default(0),
    credits: integer('credits').notNull().default(0),
    playedOn: text('played_on').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    uniqueIndex('message_schedule_runs_due_key').on(t.scheduleId, t.dueAt),
    check('message_schedule_runs_outcome', sql`${t.outcome} in ('sent', 'failed')`),
  ],
);
