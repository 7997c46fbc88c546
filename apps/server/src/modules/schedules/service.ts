// Scheduled sends: staff schedule a message's SMS, and Play on chosen machines, once or
// on a recurrence in the station's time zone. Saving checks what a send would check now (the
// station can send, someone receives it, the credits for one run); the run checks it all again.
import {
  canSendSms,
  type TSchedule,
  type TScheduleCheck,
  type TScheduleDetail,
  type TScheduleRequest,
  type TScheduleRun,
  ZScheduleRequest,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';
import type { TAuditScope, TAuditView } from '../../platform/audit-rule.js';
import { AppError } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { previewSend } from '../delivery/service.js';
import { machineNames } from '../machines/service.js';
import { findMessages, getMessage, refuseUnapprovedById } from '../messages/service.js';
import { findStationById } from '../station/service.js';
import { findUserNames } from '../users/trail-service.js';
import { firstRun, runsAfter, type TRecurrence } from './recurrence.js';
import * as repo from './repo.js';

/** Runs shown after the next one in a list. */
const UPCOMING_SHOWN = 3;
/** Runs a schedule's detail lists. */
const RUNS_SHOWN = 50;

type TStaffContext = Pick<TServiceContext, 'db' | 'now' | 'auth' | 'stationId' | 'userId' | 'messageParts'>;

export function recurrenceOf(row: repo.TScheduleRow): TRecurrence {
  return {
    repeat: row.repeat,
    startDate: row.startDate,
    localTime: row.localTime,
    timeZone: row.timeZone,
    endsOn: row.endsOn,
    maxRuns: row.maxRuns,
  };
}

function runToApi(row: repo.TRunRow): TScheduleRun {
  return {
    due_at: row.dueAt.toISOString(),
    ran_at: row.ranAt.toISOString(),
    outcome: row.outcome,
    error_code: row.errorCode,
    error_params: row.errorParams,
    recipients: row.recipients,
    credits: row.credits,
    played_on: row.playedOn,
  };
}

/** The answers for some rows: message, machines, creator and runs read once for all of them. */
async function describe(
  ctx: { db: DbOrTx; stationId: string },
  rows: repo.TScheduleRow[],
  runsPer: number,
): Promise<TScheduleDetail[]> {
  const { db, stationId } = ctx;
  const [titles, machines, creators, runs] = await Promise.all([
    messageTitles(db, stationId, rows),
    machineNames(
      db,
      stationId,
      rows.flatMap((r) => r.machineIds),
    ),
    findUserNames(db, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))]),
    repo.listRuns(
      db,
      stationId,
      rows.map((r) => r.id),
      runsPer,
    ),
  ]);
  return rows.map((row) => {
    const message = titles.get(row.messageId);
    const mine = runs.filter((run) => run.scheduleId === row.id).map(runToApi);
    const upcoming = row.nextRunAt
      ? runsAfter(recurrenceOf(row), row.nextRunAt, UPCOMING_SHOWN, row.runsDone + 1)
      : [];
    return {
      id: row.id,
      message_id: row.messageId,
      message_title: message?.title ?? '',
      message_type: message?.messageType ?? '',
      repeat: row.repeat,
      start_date: row.startDate,
      time: row.localTime,
      time_zone: row.timeZone,
      ends_on: row.endsOn,
      max_runs: row.maxRuns,
      runs_done: row.runsDone,
      send_sms: row.sendSms,
      machines: row.machineIds.map((id) => ({ id, name: machines.get(id) ?? id })),
      status: row.status,
      next_run_at: row.nextRunAt?.toISOString() ?? null,
      upcoming: upcoming.map((at) => at.toISOString()),
      last_run: mine[0] ?? null,
      created_by: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
      created_at: row.createdAt.toISOString(),
      runs: mine,
    };
  });
}

async function messageTitles(db: DbOrTx, stationId: string, rows: repo.TScheduleRow[]) {
  const ids = [...new Set(rows.map((r) => r.messageId))];
  const found = await findMessages(db, stationId, ids);
  return new Map(found.map((m) => [m.id, m] as const));
}

function brief({ runs: _runs, ...schedule }: TScheduleDetail): TSchedule {
  return schedule;
}

export async function listSchedules(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'messageParts'>,
  filter: { status: 'upcoming' | 'past'; message_id?: string },
): Promise<TSchedule[]> {
  // One message's list: another station's message is not found, as everywhere.
  if (filter.message_id) await getMessage(ctx, filter.message_id);
  const rows = await repo.listSchedules(ctx.db, ctx.stationId, {
    status: filter.status,
    messageId: filter.message_id,
  });
  return (await describe(ctx, rows, 1)).map(brief);
}

async function findOwn(ctx: Pick<TServiceContext, 'db' | 'stationId'>, id: string, forUpdate = false) {
  const row = await repo.findSchedule(ctx.db, ctx.stationId, id, { forUpdate });
  if (!row) throw new AppError('schedule_not_found');
  return row;
}

export async function getSchedule(ctx: Pick<TServiceContext, 'db' | 'stationId'>, id: string) {
  const [detail] = await describe(ctx, [await findOwn(ctx, id)], RUNS_SHOWN);
  return detail as TScheduleDetail;
}

/** A schedule as staff change it, as the audit log keeps it (decision 0066): when, how often, what it does. */
export function scheduleAuditView(schedule: TSchedule): TAuditView {
  return {
    message_title: schedule.message_title,
    repeat: schedule.repeat,
    start_date: schedule.start_date,
    time: schedule.time,
    ends_on: schedule.ends_on,
    max_runs: schedule.max_runs,
    send_sms: schedule.send_sms,
    machines: schedule.machines.map((m) => m.name).join(', '),
  };
}

/** The audit's view of a schedule row as the transaction `db` sees it. */
async function auditViewIn(db: DbOrTx, stationId: string, row: repo.TScheduleRow) {
  const [schedule] = await describe({ db, stationId }, [row], 0);
  return schedule ? scheduleAuditView(schedule) : null;
}

/** The recurrence as asked, checked for what contradicts itself. */
function plannedRecurrence(input: TScheduleRequest, timeZone: string) {
  const request = ZScheduleRequest.parse(input);
  if (!request.send_sms && request.machine_ids.length === 0) throw new AppError('schedule_nothing_to_do');
  if (request.repeat === 'once' && (request.ends_on || request.max_runs)) {
    throw new AppError('schedule_once_no_end');
  }
  if (request.ends_on && request.ends_on < request.start_date)
    throw new AppError('schedule_ends_before_start');
  const recurrence: TRecurrence = {
    repeat: request.repeat,
    startDate: request.start_date,
    localTime: request.time,
    timeZone,
    endsOn: request.ends_on ?? null,
    maxRuns: request.max_runs ?? null,
  };
  return { request, recurrence };
}

/**
 * What sending would do now: the station's refusals (no SMS, no plan, nobody receives the type)
 * answer as a send would; one run's credits must be there. It tells what a run would send as
 * things stand, under the unattended rule the run follows (decision 0050): the languages whose
 * subscribers would get the original with the untranslated notice, and those still being made.
 */
async function checkSend(ctx: TStaffContext, messageId: string): Promise<TScheduleCheck> {
  if (!canSendSms(ctx.auth)) throw new AppError('send_admin_only');
  const preview = await previewSend(ctx, messageId, 'unattended');
  if (preview.credits > preview.balance) {
    throw new AppError('not_enough_credits', { needed: preview.credits, available: preview.balance });
  }
  const message = await getMessage(ctx, messageId);
  return {
    recipients: preview.recipients,
    credits_per_run: preview.credits,
    balance: preview.balance,
    translations_pending: message.translations
      .filter((t) => t.translation_status === 'pending')
      .map((t) => t.language_code),
    fallback_languages: preview.fallback_languages,
  };
}

async function checkMachines(ctx: Pick<TServiceContext, 'db' | 'stationId'>, machineIds: string[]) {
  const names = await machineNames(ctx.db, ctx.stationId, machineIds);
  if (machineIds.some((id) => !names.has(id))) throw new AppError('machine_not_found');
}

async function stationTimeZone(db: DbOrTx, stationId: string) {
  const station = await findStationById(db, stationId);
  if (!station) throw new AppError('station_not_found');
  return station.timeZone;
}

export type TScheduleQueue = {
  /** Makes sure a sweep runs at `at` (the job runner's delayed job). */
  wakeAt(at: Date): Promise<void>;
};

/**
 * The schedule as asked, checked as saving checks it (see checkSend), with its next run after
 * `runsDone` runs and the row fields that store it.
 */
async function checkedSchedule(
  ctx: TStaffContext,
  messageId: string,
  input: TScheduleRequest,
  runsDone: number,
) {
  const timeZone = await stationTimeZone(ctx.db, ctx.stationId);
  const { request, recurrence } = plannedRecurrence(input, timeZone);
  // A recurrence whose start has passed goes on from its next run (an edit of a running one).
  const [next] = runsAfter(recurrence, ctx.now, 1, runsDone);
  if (!next) {
    const first = firstRun(recurrence);
    if (first && first.getTime() <= ctx.now.getTime())
      throw new AppError('schedule_in_past', { time_zone: timeZone });
    throw new AppError('schedule_no_runs');
  }
  // A message waiting for a second admin is not scheduled either (decision 0039).
  await refuseUnapprovedById(ctx.db, ctx.stationId, messageId);
  const check = request.send_sms ? await checkSend(ctx, messageId) : null;
  await checkMachines(ctx, request.machine_ids);
  // The recurrence's fields are the row's columns of the same names.
  const fields = {
    ...recurrence,
    sendSms: request.send_sms,
    machineIds: [...new Set(request.machine_ids)],
    nextRunAt: next,
    updatedAt: ctx.now,
  };
  return { fields, next, check };
}

export async function createSchedule(
  ctx: TStaffContext & { schedules: TScheduleQueue },
  messageId: string,
  input: TScheduleRequest,
) {
  await getMessage(ctx, messageId);
  const { fields, next, check } = await checkedSchedule(ctx, messageId, input, 0);
  const row = await repo.insertSchedule(ctx.db, {
    ...fields,
    stationId: ctx.stationId,
    messageId,
    createdBy: ctx.userId,
    createdAt: ctx.now,
  });
  await ctx.schedules.wakeAt(next);
  return { schedule: await getSchedule(ctx, row.id), check };
}

/** A new time, recurrence or what it does; the runs already made count towards `max_runs`. */
export async function updateSchedule(
  ctx: TStaffContext & { schedules: TScheduleQueue },
  id: string,
  input: TScheduleRequest,
  audit?: TAuditScope,
) {
  const current = await findOwn(ctx, id);
  refuseSmsChange(ctx, current);
  if (current.status !== 'active') throw new AppError('schedule_not_active');
  const { fields, next, check } = await checkedSchedule(ctx, current.messageId, input, current.runsDone);
  const updated = await ctx.db.transaction(async (tx) => {
    const locked = await repo.findSchedule(tx, ctx.stationId, id, { forUpdate: true });
    // A run may have ended it while the checks ran.
    if (locked?.status !== 'active') throw new AppError('schedule_not_active');
    audit?.before(await auditViewIn(tx, ctx.stationId, locked));
    return repo.updateSchedule(tx, ctx.stationId, id, fields);
  });
  if (!updated) throw new AppError('schedule_not_found');
  await ctx.schedules.wakeAt(next);
  const schedule = await getSchedule(ctx, id);
  audit?.after(scheduleAuditView(schedule));
  return { schedule, check };
}

/** Staff may change what plays on machines; a schedule that sends SMS is an admin's, as sending is. */
function refuseSmsChange(ctx: Pick<TServiceContext, 'auth'>, row: repo.TScheduleRow) {
  if (row.sendSms && !canSendSms(ctx.auth)) throw new AppError('send_admin_only');
}

export async function cancelSchedule(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'now' | 'auth'>,
  id: string,
  audit?: TAuditScope,
) {
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.findSchedule(tx, ctx.stationId, id, { forUpdate: true });
    if (!locked) throw new AppError('schedule_not_found');
    audit?.before(await auditViewIn(tx, ctx.stationId, locked));
    refuseSmsChange(ctx, locked);
    if (locked.status !== 'active') throw new AppError('schedule_not_active');
    await repo.updateSchedule(tx, ctx.stationId, id, {
      status: 'cancelled',
      nextRunAt: null,
      updatedAt: ctx.now,
    });
  });
  const schedule = await getSchedule(ctx, id);
  audit?.after(scheduleAuditView(schedule));
  return schedule;
}
