// The runs of scheduled sends: a sweep takes each due schedule (any worker, each schedule once:
// row locks skip what another sweep holds, and a due time is recorded once), makes its send as
// staff would, plays it on its machines, sets the next run, and tells the admins when it failed and
// the standard users whose requests to send the message it answered (decision 0083).
import type { TErrorCode } from '@message-station/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import type { TAuth } from '../../platform/session.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { recordAudit } from '../audit/service.js';
import { acceptSend } from '../delivery/service.js';
import { findMessage, refuseUnapprovedById } from '../messages/service.js';
import { emailRequestersOfSend } from '../send-requests/service.js';
import { findUserById, listStationAdmins } from '../users/service.js';
import { scheduleFailedEmail } from './failed-email.js';
import { runsAfter } from './recurrence.js';
import * as repo from './repo.js';
import { recurrenceOf } from './service.js';

export type TScheduleRunDeps = {
  db: Db;
  email: TEmailProvider;
  publicUrl: string;
  /** Plays the message on a machine wherever it is connected (the agent hub); throws when it cannot. */
  play(stationId: string, clientId: string, messageId: string): Promise<{ clientName: string }>;
  /** After an accepted send: some node dispatches its texts now. */
  sent(stationId: string, messageId: string): Promise<void>;
  log?: { error(details: object, message: string): void; info(details: object, message: string): void };
};

/** Schedules one sweep takes before it lets the job end (the next sweep takes the rest). */
const SWEEP_LIMIT = 200;

type TFailure = { code: TErrorCode; params: Record<string, string | number> };

function failureOf(error: unknown): TFailure {
  if (error instanceof AppError && error.code) {
    return { code: error.code as TErrorCode, params: (error.params ?? {}) as TFailure['params'] };
  }
  return { code: 'internal_error', params: {} };
}

/**
 * The schedule's author acting on the station, as they are now: a send is made as if they made it,
 * so an author who was removed or is no longer an admin cannot send (send_admin_only).
 */
async function authorAuth(db: DbOrTx, row: repo.TScheduleRow): Promise<TAuth> {
  const author = row.createdBy ? await findUserById(db, row.createdBy) : null;
  if (author?.stationId !== row.stationId) throw new AppError('send_admin_only');
  return {
    sessionId: `schedule:${row.id}`,
    userId: author.id,
    role: author.role,
    isSuperadmin: false,
    ownStationId: row.stationId,
    stationId: row.stationId,
    viewingStationId: null,
    twoFactorSetupRequired: false,
  };
}

/**
 * The SMS part of a run, inside the sweep's transaction: a refusal leaves nothing written. Nobody
 * watches a run, so the trust policy's unattended rule applies (decision 0050): a language without
 * a vetted or trusted text gets the original with the untranslated notice, and the run still goes.
 */
async function sendPart(tx: DbOrTx, row: repo.TScheduleRow, at: Date) {
  const auth = await authorAuth(tx, row);
  // A recurrence sends the same message again: that is what it was asked to do.
  return acceptSend(
    { db: tx, auth, now: at },
    { messageId: row.messageId, sendAgain: true, mode: 'unattended' },
  );
}

type TTaken = {
  row: repo.TScheduleRow;
  /** Null when the due time was already recorded: nothing more is done for it. */
  runId: string | null;
  dueAt: Date;
  sent: boolean;
  recipients: number;
  credits: number;
  failure: TFailure | null;
  next: Date | null;
};

/** Takes one due schedule: records its run and makes its send. Null when none is due. */
async function takeOne(deps: TScheduleRunDeps, at: Date): Promise<TTaken | null> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.claimDueSchedule(tx, at);
    if (!row?.nextRunAt) return null;
    const dueAt = row.nextRunAt;
    const runsDone = row.runsDone + 1;
    const [next] = runsAfter(
      recurrenceOf(row),
      new Date(Math.max(at.getTime(), dueAt.getTime())),
      1,
      runsDone,
    );
    const run = await repo.insertRun(tx, {
      stationId: row.stationId,
      scheduleId: row.id,
      dueAt,
      ranAt: at,
      outcome: 'sent',
    });
    let failure: TFailure | null = null;
    let result: Awaited<ReturnType<typeof acceptSend>> | null = null;
    // A due time already recorded (never expected: the row is locked while it runs) only moves on.
    if (run && row.sendSms) {
      try {
        // A savepoint: a refused send rolls back alone, the run is still recorded.
        result = await tx.transaction((inner) => sendPart(inner, row, at));
      } catch (error) {
        failure = failureOf(error);
        if (failure.code === 'internal_error')
          deps.log?.error({ err: error, scheduleId: row.id }, 'scheduled send failed');
      }
    }
    if (run) {
      await repo.updateRun(tx, run.id, {
        outcome: failure ? 'failed' : 'sent',
        errorCode: failure?.code ?? null,
        errorParams: failure?.params ?? {},
        sendId: result?.send_id ?? null,
        recipients: result?.sent_count ?? 0,
        credits: result?.credits ?? 0,
      });
    }
    const ended = row.repeat === 'once' ? (failure ? 'failed' : 'done') : 'done';
    await repo.updateSchedule(tx, row.stationId, row.id, {
      runsDone,
      nextRunAt: next ?? null,
      status: next ? 'active' : ended,
      updatedAt: at,
    });
    if (!run)
      return {
        row,
        runId: null,
        dueAt,
        sent: false,
        recipients: 0,
        credits: 0,
        failure: null,
        next: next ?? null,
      };
    return {
      row,
      runId: run.id,
      dueAt,
      sent: result !== null,
      recipients: result?.sent_count ?? 0,
      credits: result?.credits ?? 0,
      failure,
      next: next ?? null,
    };
  });
}

/** Plays on the schedule's machines after the send is committed (a machine can take seconds). */
async function playPart(deps: TScheduleRunDeps, taken: TTaken) {
  const { row } = taken;
  if (row.machineIds.length === 0 || !taken.runId) return;
  const played: string[] = [];
  const missed: string[] = [];
  // Edited since it was approved: it waits for approval again, on machines as by SMS.
  const held = await refuseUnapprovedById(deps.db, row.stationId, row.messageId).then(
    () => null,
    (error: unknown) => failureOf(error),
  );
  for (const clientId of held ? [] : row.machineIds) {
    try {
      played.push((await deps.play(row.stationId, clientId, row.messageId)).clientName);
    } catch (error) {
      const params = error instanceof AppError ? (error.params as Record<string, unknown>) : {};
      missed.push(typeof params?.machine === 'string' ? params.machine : clientId);
    }
  }
  const failure: TFailure | null =
    taken.failure ??
    held ??
    (missed.length
      ? { code: 'schedule_machines_missed', params: { machine_list: missed.join(', ') } }
      : null);
  await repo.updateRun(deps.db, taken.runId, {
    playedOn: played,
    outcome: failure ? 'failed' : 'sent',
    errorCode: failure?.code ?? null,
    errorParams: failure?.params ?? {},
  });
  taken.failure = failure;
}

/** The run in the audit trail, as its author's (the schedule acts for them). */
async function recordRun(deps: TScheduleRunDeps, taken: TTaken, title: string, at: Date) {
  const { row, failure } = taken;
  await recordAudit(deps.db, {
    stationId: row.stationId,
    actor: row.createdBy ? { userId: row.createdBy, email: null, isSuperadmin: false } : null,
    action: failure ? 'schedule.failed' : 'schedule.ran',
    target: { type: 'schedule', id: row.id },
    details: {
      label: title,
      due_at: taken.dueAt.toISOString(),
      count: taken.recipients,
      credits: taken.credits,
      ...(failure ? { error_code: failure.code, ...failure.params } : {}),
    },
    at,
  });
}

async function tellAdmins(deps: TScheduleRunDeps, taken: TTaken, title: string) {
  if (!taken.failure) return;
  const { row } = taken;
  for (const admin of await listStationAdmins(deps.db, row.stationId)) {
    try {
      await deps.email.send({
        to: admin.email,
        stationId: row.stationId,
        ...scheduleFailedEmail({
          fullName: admin.fullName,
          language: admin.language,
          messageTitle: title,
          dueAt: taken.dueAt,
          timeZone: row.timeZone,
          failure: taken.failure,
          next: taken.next,
          link: `${deps.publicUrl}/admin/schedules`,
        }),
      });
    } catch (error) {
      deps.log?.error({ err: error, scheduleId: row.id }, 'schedule failure email not sent');
    }
  }
}

/**
 * Runs every schedule due at `at`, each once. Returns what it did, for the job's log and tests.
 * A run that is late (the workers were down) is made when they are back; the next is the first
 * run after that moment, so a recurrence never sends twice to catch up.
 */
export async function runDueSchedules(deps: TScheduleRunDeps, at: Date) {
  const done: { scheduleId: string; dueAt: Date; outcome: 'sent' | 'failed'; errorCode: string | null }[] =
    [];
  for (let i = 0; i < SWEEP_LIMIT; i++) {
    const taken = await takeOne(deps, at);
    if (!taken) break;
    if (!taken.runId) continue;
    if (taken.sent) {
      const { stationId, messageId } = taken.row;
      await deps.sent(stationId, messageId);
      await emailRequestersOfSend(
        { db: deps.db, stationId, email: deps.email, config: { publicUrl: deps.publicUrl }, log: deps.log },
        { messageId, at, by: 'schedule' },
      );
    }
    await playPart(deps, taken);
    const title = (await findMessage(deps.db, taken.row.stationId, taken.row.messageId))?.title ?? '';
    await recordRun(deps, taken, title, at);
    await tellAdmins(deps, taken, title);
    done.push({
      scheduleId: taken.row.id,
      dueAt: taken.dueAt,
      outcome: taken.failure ? 'failed' : 'sent',
      errorCode: taken.failure?.code ?? null,
    });
  }
  return done;
}
