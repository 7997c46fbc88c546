// Scheduled sends: a message's SMS, and Play on chosen machines, at a date and time in
// the station's time zone, once or on a recurrence. /admin/api/schedules and
// /admin/api/messages/{id}/schedules.
import { z } from 'zod';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** The zones a US station can be in (states and territories), the area-code table's own. */
export const STATION_TIME_ZONES = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
  'America/St_Thomas',
  'Pacific/Guam',
  'Pacific/Saipan',
  'Pacific/Pago_Pago',
] as const;
export type TStationTimeZone = (typeof STATION_TIME_ZONES)[number];
export const ZStationTimeZone = z.enum(STATION_TIME_ZONES, refusal('time_zone_unknown'));

/** once; every day; Monday to Friday; the start date's weekday; the start date's day of the month. */
export const SCHEDULE_REPEATS = ['once', 'daily', 'weekdays', 'weekly', 'monthly'] as const;
export type TScheduleRepeat = (typeof SCHEDULE_REPEATS)[number];

export const SCHEDULE_STATUSES = ['active', 'done', 'cancelled', 'failed'] as const;
export type TScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** Most runs a recurrence may be set to end after. */
export const SCHEDULE_MAX_RUNS = 366;
/** Machines one schedule may play on. */
export const SCHEDULE_MAX_MACHINES = 50;

const ZLocalDate = z.iso.date(refusal('invalid_value', { detail: 'Dates are written YYYY-MM-DD' }));
const ZLocalTime = z
  .string()
  .regex(
    /^([01]\d|2[0-3]):[0-5]\d$/,
    refusal('invalid_value', { detail: 'Times are written HH:MM (24-hour)' }),
  );

export const ZScheduleRequest = z.object({
  repeat: z.enum(SCHEDULE_REPEATS),
  /** The first day, in the station's time zone. */
  start_date: ZLocalDate,
  /** The wall-clock time of every run, in the station's time zone. */
  time: ZLocalTime,
  /** A recurrence's last possible day (included); null: no end date. */
  ends_on: ZLocalDate.nullish(),
  /** A recurrence ends after this many runs; null: no count. */
  max_runs: z.number().int().min(1).max(SCHEDULE_MAX_RUNS).nullish(),
  send_sms: z.boolean(),
  /** Machines that play the message at the time (each must be connected then). */
  machine_ids: z
    .array(textField({ label: 'Machine', max: TEXT_LIMITS.token }))
    .max(SCHEDULE_MAX_MACHINES)
    .default([]),
});
export type TScheduleRequest = z.input<typeof ZScheduleRequest>;

export const ZScheduleRun = z.object({
  /** When it was due. */
  due_at: z.string(),
  ran_at: z.string(),
  outcome: z.enum(['sent', 'failed']),
  /** Why it could not go: an error code (errors.json) and its params. */
  error_code: z.string().nullable(),
  error_params: z.record(z.string(), z.union([z.string(), z.number()])),
  recipients: z.number().int(),
  credits: z.number().int(),
  /** Machines that played it. */
  played_on: z.array(z.string()),
});
export type TScheduleRun = z.infer<typeof ZScheduleRun>;

export const ZSchedule = z.object({
  id: z.string(),
  message_id: z.string(),
  message_title: z.string(),
  message_type: z.string(),
  repeat: z.enum(SCHEDULE_REPEATS),
  start_date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  ends_on: z.string().nullable(),
  max_runs: z.number().int().nullable(),
  runs_done: z.number().int(),
  send_sms: z.boolean(),
  machines: z.array(z.object({ id: z.string(), name: z.string() })),
  status: z.enum(SCHEDULE_STATUSES),
  /** The next run (ISO); null once done, cancelled or failed. */
  next_run_at: z.string().nullable(),
  /** The next few runs after it, for the list. */
  upcoming: z.array(z.string()),
  last_run: ZScheduleRun.nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleDetail = ZSchedule.extend({ runs: z.array(ZScheduleRun) });
export type TScheduleDetail = z.infer<typeof ZScheduleDetail>;

/** What scheduling checked: one run's audience and cost, and the translations still being made. */
export const ZScheduleCheck = z.object({
  recipients: z.number().int(),
  credits_per_run: z.number().int(),
  balance: z.number().int(),
  translations_pending: z.array(z.string()),
  /**
   * Languages whose subscribers a run would send the original with the untranslated notice, as
   * things stand: no translation staff vouch for or a trusted engine wrote (decision 0050).
   */
  fallback_languages: z.array(z.string()),
});
export type TScheduleCheck = z.infer<typeof ZScheduleCheck>;

export const ZScheduleSaved = z.object({ schedule: ZScheduleDetail, check: ZScheduleCheck.nullable() });
export type TScheduleSaved = z.infer<typeof ZScheduleSaved>;

/** A malformed id is answered like an unknown one (id-params.ts). */
export const ZScheduleIdParams = z.object({ id: z.uuid(refusal('schedule_not_found')) });

export const ZScheduleListQuery = z.object({
  status: z.enum(['upcoming', 'past']).default('upcoming'),
  /** One message's schedules (its detail). */
  message_id: z.uuid(refusal('message_not_found')).optional(),
});
export const ZScheduleList = z.object({ schedules: z.array(ZSchedule) });
export type TScheduleList = z.infer<typeof ZScheduleList>;

/** Refusals of the schedule routes, by stable code (decision 0028). */
export const SCHEDULE_ERRORS = {
  schedule_not_found: 'Schedule not found',
  schedule_in_past: 'That time has passed in the station’s time zone ({{time_zone}}). Choose a later time.',
  schedule_nothing_to_do: 'Choose SMS, machines to play on, or both.',
  schedule_once_no_end: 'A one-time schedule has no end date or number of runs.',
  schedule_ends_before_start: 'The end date is before the first run.',
  schedule_no_runs: 'This recurrence has no run between its start and its end date.',
  schedule_not_active: 'This schedule has ended; it can no longer be changed.',
  schedule_translations_incomplete:
    'The translations into {{language_list}} were not finished at the scheduled time.',
  schedule_machines_missed: 'These machines were not connected at the scheduled time: {{machine_list}}.',
  schedule_message_deleted: 'The message was deleted.',
} as const;
