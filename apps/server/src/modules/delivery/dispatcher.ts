// The SMS dispatcher (decision 0016). One dispatcher at a time holds the sending lane (lane.ts)
// and sends every station's due deliveries on it, emergencies first, paced to the lane's rate.
// A delivery moves queued → claimed (taken, provider not called: safe to give back) →
// submitting (the provider call started: never re-sent blindly) → sent | queued (retry) | failed.
// When a holder dies, the next holder gives its claims back and asks the provider about its
// submitting rows before any of them is sent again; that asking runs beside the sending, retried
// for a bounded window, so a provider that cannot answer never holds new texts back (0051).
// Refunds are unique per delivery in the database.
import type { Db, DbOrTx } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { addCredits, ledgerLine } from '../billing/service.js';
import {
  claimDue,
  findLanesWithWork,
  findSendMessages,
  giveBackClaims,
  insertRefunds,
  markClaimedSubmitting,
  markFailed,
  markSent,
  requeueForRetry,
  requeueOthersClaims,
  requeueUnsent,
  settleRecovered,
  type TClaimed,
  takeOthersSubmitting,
} from './dispatch-repo.js';
import { acquireLane, holdLease, releaseLane, type TLaneLeaseDeps } from './lane.js';
import { applyEarlyStatuses } from './status.js';
import { recordDeliveryWebhooks } from './webhook-events.js';

export type TDispatchConfig = {
  /** Messages per second on the lane, across every node; 0 turns pacing off. */
  ratePerSecond: number;
  /** Most deliveries claimed per round trip to the database. */
  batchSize: number;
  /** Provider calls in flight at once. */
  concurrency: number;
  maxAttempts: number;
  /** How long a lease lasts without renewal; a holder silent this long is taken to be dead. */
  leaseMs: number;
  /**
   * How long a recovery pass keeps asking a provider that does not answer before it sends the
   * texts in doubt again (decision 0051); 0 asks once. Default 30 s.
   */
  lookupWindowMs?: number;
};

export const DEFAULT_DISPATCH: TDispatchConfig = {
  ratePerSecond: 1,
  batchSize: 500,
  concurrency: 32,
  maxAttempts: 5,
  leaseMs: 30_000,
  lookupWindowMs: 30_000,
};

/** The lookup window when the configuration does not say (decision 0051). */
export const DEFAULT_LOOKUP_WINDOW_MS = 30_000;
/** Waits between lookups of a text the provider did not answer for: 0.5 s, 1 s, 2 s, 4 s, then 8 s. */
export const LOOKUP_BACKOFF_MS = [500, 1000, 2000, 4000, 8000];
/** The longest wait a Retry-After may ask of recovery (longer: this, then asked again). */
export const LOOKUP_MAX_WAIT_MS = 10_000;
/** Texts looked up at once during recovery. */
const LOOKUP_CONCURRENCY = 4;
/** While recovery is still asking and nothing is queued, the lane looks for new texts this often. */
const RECOVERY_POLL_MS = 250;

/** The service has one sending identity (number or Messaging Service), hence one lane. */
export const DEFAULT_LANE = 'default';

export type TDispatchDeps = {
  db: Db;
  sms: TSmsProvider;
  events?: TEventBus;
  now: () => Date;
  /** Waits until the given time (tests pass a fake clock). */
  sleepUntil?: (at: number) => Promise<void>;
  config: TDispatchConfig;
  /** This process's dispatcher id; defaults to a fresh one per call (tests). */
  holder?: string;
  lane?: string;
  /** The lane's own sender (a station's number or Messaging Service); absent: the service's. */
  from?: string | null;
  /** The database can be opened by this process only (embedded PGlite): take over at once. */
  exclusive?: boolean;
  /** Asked between provider calls: true once the process is shutting down. */
  stopping?: () => boolean;
  /**
   * Asked before each claim: true when this process holds more than its share of the lanes and
   * another live dispatcher holds less (decision 0060). The run then gives the lane up as on a
   * drain (claims back to the queue, lease released) for that dispatcher to take.
   */
  shouldYield?: () => boolean;
  log?: {
    error(details: object, message: string): void;
    warn?(details: object, message: string): void;
  };
  /**
   * The clock recovery's lookup window and waits are measured on (a monotonic one by default;
   * tests pass one that jumps). Separate from `now`, which tests freeze.
   */
  lookupClock?: TLookupClock;
};

export type TLookupClock = { now(): number; sleep(ms: number): Promise<void> };

const realLookupClock: TLookupClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

/** Logs an error; a logger that throws (a bad serializer) never takes the dispatcher with it. */
function logError(
  deps: Pick<TDispatchDeps, 'log'>,
  details: object,
  message: string,
  level: 'error' | 'warn' = 'error',
) {
  try {
    if (level === 'warn' && deps.log?.warn) deps.log.warn(details, message);
    else deps.log?.error(details, message);
  } catch {
    // Nothing more can be done with a logger that throws.
  }
}

/** An error's message as a text, whatever was thrown. */
function reasonOf(error: unknown): string {
  try {
    const message = error instanceof Error ? (error as { message?: unknown }).message : error;
    if (typeof message === 'string' && message) return message;
    if (message === undefined || message === null || message === '') return 'unknown error';
    return String(message);
  } catch {
    return 'unknown error';
  }
}

type TOutcome =
  | { id: string; kind: 'sent'; providerMessageId: string }
  | { id: string; kind: 'retry'; error: string; attempts: number }
  | { id: string; kind: 'failed'; error: string }
  /** Not sent: the lease or the process is ending; back to the queue untouched. */
  | { id: string; kind: 'unsent' }
  /**
   * No answer (a timeout, a cut connection): the provider may have the text. Left submitting, so
   * the next run looks it up before sending it again, as for a crashed node's (0051).
   */
  | { id: string; kind: 'doubt'; error: string };

export type TDispatchResult = {
  /** False when another live dispatcher holds the lane; `retryInMs` says when its lease ends. */
  held: boolean;
  retryInMs?: number;
  sent: number;
  failed: number;
  /** The run gave the lane up for another dispatcher before its work was done (`shouldYield`). */
  yielded?: boolean;
  /** After a takeover: submitting rows the provider confirmed, rows given back, rows sent again. */
  recovered: { confirmed: number; requeued: number; resent: number };
};

const realSleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Backoff before attempt n+1: 5 s, 20 s, 80 s, 320 s… */
export function backoffMs(attempts: number): number {
  return 5000 * 4 ** Math.max(0, attempts - 1);
}

export function newDispatcherId(): string {
  return `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
}

function leaseDeps(deps: TDispatchDeps, holder: string): TLaneLeaseDeps {
  return {
    db: deps.db,
    lane: deps.lane ?? DEFAULT_LANE,
    holder,
    leaseMs: deps.config.leaseMs,
    exclusive: deps.exclusive,
  };
}

/**
 * How many rows one claim takes: what the pace lets us send in a quarter of the lease, so rows
 * are never held long; claimed rows are given back unsent whenever we stop.
 */
export function claimSize(config: TDispatchConfig): number {
  if (config.ratePerSecond <= 0) return config.batchSize;
  const perQuarterLease = Math.floor((config.ratePerSecond * config.leaseMs) / 4000);
  return Math.max(1, Math.min(config.batchSize, perQuarterLease));
}

/** How many claimed rows are marked submitting at once, before their provider calls start. */
function submitChunk(config: TDispatchConfig): number {
  if (config.ratePerSecond <= 0) return config.concurrency * 8;
  return Math.max(1, Math.min(config.concurrency, Math.ceil(config.ratePerSecond)));
}

async function claim(deps: TDispatchDeps, holder: string): Promise<TClaimed[]> {
  const rows = await claimDue(deps.db, {
    lane: deps.lane ?? DEFAULT_LANE,
    holder,
    now: deps.now().toISOString(),
    limit: claimSize(deps.config),
  });
  // RETURNING has no order: keep the queue's, emergencies first, then the longest due.
  return rows.sort((a, b) => a.priority - b.priority || Date.parse(a.notBefore) - Date.parse(b.notBefore));
}

/** Marks claimed rows submitting just before their provider calls; answers the ones still ours. */
async function markSubmitting(deps: TDispatchDeps, holder: string, rows: TClaimed[]) {
  const ids = rows.map((r) => r.id);
  const marked = await markClaimedSubmitting(deps.db, holder, ids, deps.now().toISOString());
  const attempts = new Map(marked.map((r) => [r.id, r.attempts]));
  return rows
    .filter((r) => attempts.has(r.id))
    .map((r) => ({ ...r, attempts: attempts.get(r.id) as number }));
}

async function sendOne(deps: TDispatchDeps, row: TClaimed): Promise<TOutcome> {
  try {
    const sent = await deps.sms.send({
      to: row.phone,
      body: row.body,
      stationId: row.stationId,
      from: deps.from ?? null,
    });
    return { id: row.id, kind: 'sent', providerMessageId: sent.providerMessageId };
  } catch (error) {
    const reason = reasonOf(error);
    // In doubt: looked up before any second try; at the last attempt it fails like any other
    // transient error, so a Twilio that never answers cannot keep a text going round.
    if (error instanceof SmsSendError && error.inDoubt && row.attempts < deps.config.maxAttempts) {
      return { id: row.id, kind: 'doubt', error: reason };
    }
    const transient = !(error instanceof SmsSendError) || error.kind === 'transient';
    if (transient && row.attempts < deps.config.maxAttempts) {
      return { id: row.id, kind: 'retry', error: reason, attempts: row.attempts };
    }
    return { id: row.id, kind: 'failed', error: reason };
  }
}

/** Sends rows `concurrency` at a time, each start paced; a call starts only while `mayStart()`. */
async function sendPaced(
  deps: TDispatchDeps,
  rows: TClaimed[],
  pace: { next: number },
  mayStart: () => boolean,
): Promise<TOutcome[]> {
  const sleepUntil = deps.sleepUntil ?? realSleepUntil;
  const interval = deps.config.ratePerSecond > 0 ? 1000 / deps.config.ratePerSecond : 0;
  const outcomes: TOutcome[] = [];
  let index = 0;
  const worker = async () => {
    while (index < rows.length) {
      const row = rows[index++] as TClaimed;
      if (interval > 0) {
        const start = Math.max(pace.next, deps.now().getTime());
        pace.next = start + interval;
        await sleepUntil(start);
      }
      outcomes.push(mayStart() ? await sendOne(deps, row) : { id: row.id, kind: 'unsent' });
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.config.concurrency, rows.length) }, worker));
  return outcomes;
}

/**
 * Refunds failed deliveries exactly once: a delivery's refund row has it as primary key, so a
 * second attempt inserts nothing and adds no credits. One ledger entry per station and batch.
 */
async function refund(tx: DbOrTx, ids: string[], at: Date) {
  if (ids.length === 0) return;
  const inserted = await insertRefunds(tx, ids, at.toISOString());
  for (const row of inserted) {
    await addCredits(tx, row.station_id, {
      kind: 'refund',
      credits: row.credits,
      ...ledgerLine.refund(row.n),
      reference: row.first,
      at,
    });
  }
}

async function record(deps: TDispatchDeps, holder: string, outcomes: TOutcome[], rows: TClaimed[]) {
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction(async (tx) => {
    const sent = outcomes.filter((o) => o.kind === 'sent');
    if (sent.length) {
      await markSent(
        tx,
        holder,
        sent.map((o) => ({ id: o.id, pid: o.providerMessageId })),
        at,
      );
      // Callbacks that overtook this write (the provider called back before we recorded its id).
      await applyEarlyStatuses(
        tx,
        deps.now(),
        sent.map((o) => o.providerMessageId),
      );
    }
    const retry = outcomes.filter((o) => o.kind === 'retry');
    if (retry.length) {
      await requeueForRetry(
        tx,
        holder,
        retry.map((o) => ({ id: o.id, error: o.error, at: new Date(now.getTime() + backoffMs(o.attempts)) })),
      );
    }
    const unsent = outcomes.filter((o) => o.kind === 'unsent').map((o) => o.id);
    if (unsent.length) await requeueUnsent(tx, holder, unsent);
    const failed = outcomes.filter((o) => o.kind === 'failed');
    if (failed.length) {
      await markFailed(
        tx,
        holder,
        failed.map((o) => ({ id: o.id, error: o.error })),
        at,
      );
      await refund(
        tx,
        failed.map((o) => o.id),
        now,
      );
    }
    // delivery.failed, send.progress and send.completed webhooks, with these moves.
    const done = new Set(outcomes.filter((o) => o.kind === 'sent' || o.kind === 'failed').map((o) => o.id));
    await recordDeliveryWebhooks(
      tx,
      rows.filter((r) => done.has(r.id)),
      failed.map((o) => o.id),
      now,
      { progress: true },
    );
  });
}

type TRecoveryCounts = { confirmed: number; requeued: number; resent: number };

/** What recovery learned of one text: the provider's id, not there, unanswered, or not asked (stopping). */
type TAnswer =
  | { kind: 'found'; pid: string }
  | { kind: 'absent' }
  | { kind: 'unknown' }
  | { kind: 'stopped' };

/**
 * Rows in flight from an earlier holder (a crashed node, or this one before a restart): claims go
 * back to the queue; each submitting row is looked up at the provider. Found: it was sent (no
 * second text). Not found: queued again. The provider cannot say: asked again with backoff
 * (its Retry-After when it gives one, at most LOOKUP_MAX_WAIT_MS) until the lookup window has
 * passed since the pass began; then sent again and counted in `reclaimed` (a possible duplicate,
 * shown to staff). A provider error that asking again cannot mend (a permanent one) ends the
 * asking at once. After the window, a text not asked yet is asked once while the provider is
 * answering, and sent again unasked while it is not. Each row is settled as soon as it is known.
 * When `mayContinue` turns false (lease in doubt, shutdown), unresolved rows stay submitting for
 * the next holder. Never throws: an error is logged, and what it left stays for the next run.
 */
export async function recoverInFlight(
  deps: TDispatchDeps,
  holder: string,
  options: { mayContinue?: () => boolean } = {},
): Promise<TRecoveryCounts> {
  const counts: TRecoveryCounts = { confirmed: 0, requeued: 0, resent: 0 };
  const lane = deps.lane ?? DEFAULT_LANE;
  const mayContinue = options.mayContinue ?? (() => true);
  const clock = deps.lookupClock ?? realLookupClock;
  const windowMs = Math.max(0, deps.config.lookupWindowMs ?? DEFAULT_LOOKUP_WINDOW_MS);
  const deadline = clock.now() + windowMs;
  /** Whether the provider's last answer was an answer (it starts out presumed up). */
  const provider = { answering: true };
  let failures = 0;
  try {
    counts.requeued += await requeueOthersClaims(deps.db, lane, holder);
    for (;;) {
      if (!mayContinue()) break;
      const rows = await takeOthersSubmitting(deps.db, lane, holder);
      if (rows.length === 0) break;
      let next = 0;
      const worker = async () => {
        while (next < rows.length) {
          const row = rows[next++] as (typeof rows)[number];
          const answer = await askProvider(deps, row, { clock, deadline, provider, mayContinue }, () => {
            failures += 1;
          });
          if (answer.kind === 'stopped') continue;
          try {
            await settleOne(deps, holder, row.id, answer, counts);
          } catch (error) {
            // The row stays submitting; the next run asks again.
            logError(
              deps,
              { err: error, lane },
              'could not record what the SMS provider said; the next run asks again',
            );
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(LOOKUP_CONCURRENCY, rows.length) }, worker));
    }
  } catch (error) {
    logError(
      deps,
      { err: error, lane },
      'could not resolve SMS texts left in flight; the next run tries again',
    );
  }
  if (failures > 0) {
    logError(deps, { lane, failures, resent: counts.resent }, 'SMS provider lookups failed during recovery');
  }
  return counts;
}

async function settleOne(
  deps: TDispatchDeps,
  holder: string,
  id: string,
  answer: Exclude<TAnswer, { kind: 'stopped' }>,
  counts: TRecoveryCounts,
) {
  const pid = answer.kind === 'found' ? answer.pid : null;
  const moved = await settleRecovered(
    deps.db,
    holder,
    [{ id, pid }],
    deps.now().toISOString(),
    answer.kind === 'unknown',
  );
  if (moved.length === 0) return;
  if (pid) {
    await applyEarlyStatuses(deps.db, deps.now(), [pid]);
    counts.confirmed += 1;
  } else if (answer.kind === 'unknown') counts.resent += 1;
  else counts.requeued += 1;
}

/** Asks the provider about one text, again and again within the window (see recoverInFlight). */
async function askProvider(
  deps: TDispatchDeps,
  row: { phone: string; body: string; submitted_at: string },
  state: {
    clock: TLookupClock;
    deadline: number;
    provider: { answering: boolean };
    mayContinue: () => boolean;
  },
  failed: () => void,
): Promise<TAnswer> {
  const lookup = deps.sms.lookup;
  if (!lookup) return { kind: 'unknown' };
  const { clock, deadline, provider, mayContinue } = state;
  for (let attempt = 0; ; attempt++) {
    if (!mayContinue()) return { kind: 'stopped' };
    // Past the window, a text not asked yet is asked once only while the provider answers.
    if (attempt === 0 && clock.now() >= deadline && !provider.answering) return { kind: 'unknown' };
    let wait: number;
    try {
      const [pid] = await lookup.call(
        deps.sms,
        [{ to: row.phone, body: row.body, since: new Date(Date.parse(row.submitted_at)) }],
        deps.from ?? null,
      );
      provider.answering = true;
      return pid ? { kind: 'found', pid } : { kind: 'absent' };
    } catch (error) {
      provider.answering = false;
      failed();
      const known = error instanceof SmsSendError ? error : null;
      const last = known?.kind === 'permanent' || clock.now() >= deadline;
      // The first failure and the last are logged for each text; the tries between are counted.
      if (attempt === 0 || last) {
        logError(
          deps,
          { err: error, attempt: attempt + 1, kind: known?.kind ?? 'unexpected', givingUp: last },
          'SMS provider could not say what it received',
          'warn',
        );
      }
      // Asking again cannot mend a permanent error (our request is wrong, the account is gone).
      if (last) return { kind: 'unknown' };
      const backoff = LOOKUP_BACKOFF_MS[Math.min(attempt, LOOKUP_BACKOFF_MS.length - 1)] as number;
      wait = Math.min(LOOKUP_MAX_WAIT_MS, known?.retryAfterMs ?? backoff);
    }
    const now = clock.now();
    if (now >= deadline) return { kind: 'unknown' };
    // The last try is at the window's end; waits are cut into short steps so a stop is seen.
    const until = Math.min(now + wait, deadline);
    while (clock.now() < until) {
      if (!mayContinue()) return { kind: 'stopped' };
      await clock.sleep(Math.min(RECOVERY_POLL_MS, until - clock.now()));
    }
  }
}

/** Tells the station's live streams which messages' progress moved. */
export async function publishProgress(
  deps: Pick<TDispatchDeps, 'db' | 'events'>,
  stationId: string | null,
  sendIds: string[],
) {
  if (!deps.events || sendIds.length === 0) return;
  const rows = await findSendMessages(deps.db, sendIds, stationId);
  for (const row of rows) {
    if (row.message_id)
      await deps.events.publish({
        stationId: row.station_id,
        type: 'sms_progress',
        data: { message_id: row.message_id },
      });
  }
}

/**
 * Holds the lane and sends every delivery due now, then gives the lane up and returns. Queued rows
 * not due yet (quiet hours, backoff) are left for a later run. Another live holder: returns at
 * once with `held: false`.
 */
export async function dispatchLane(deps: TDispatchDeps): Promise<TDispatchResult> {
  // A fresh id per run: whatever is in flight when a run starts belongs to an earlier run.
  const holder = `${deps.holder ?? 'dispatcher'}/${newDispatcherId()}`;
  const lease = leaseDeps(deps, holder);
  const result: TDispatchResult = {
    held: true,
    sent: 0,
    failed: 0,
    recovered: { confirmed: 0, requeued: 0, resent: 0 },
  };
  const acquired = await acquireLane(lease);
  if (!acquired.acquired) return { ...result, held: false, retryInMs: acquired.retryInMs };
  const hold = holdLease(lease, deps.log);
  const stopping = () => deps.stopping?.() === true;
  const mayStart = () => hold.valid() && !stopping();
  // Recovery of what an earlier holder left in flight runs beside the sending (0051): its claims
  // go back at once, and texts whose fate the provider must tell are asked about for at most the
  // lookup window, while new texts keep leaving. It never throws.
  let ending = false;
  let recovering = true;
  const recovery = recoverInFlight(deps, holder, { mayContinue: () => mayStart() && !ending })
    .catch(() => ({ confirmed: 0, requeued: 0, resent: 0 }))
    .finally(() => {
      recovering = false;
    });
  try {
    const pace = { next: 0 };
    // Handed over between chunks, never while recovery still asks about a dead holder's texts;
    // claims not yet sent go back to the queue below.
    const handOver = () => {
      if (!result.yielded && !recovering && deps.shouldYield?.()) result.yielded = true;
      return result.yielded === true;
    };
    while (mayStart() && !handOver()) {
      const rows = await claim(deps, holder);
      if (rows.length === 0) {
        if (!recovering) break;
        // Nothing to send yet: wait for recovery (it may queue texts again) or for new texts.
        await Promise.race([recovery, realLookupClock.sleep(RECOVERY_POLL_MS)]);
        continue;
      }
      const chunk = submitChunk(deps.config);
      for (let i = 0; i < rows.length && mayStart() && (i === 0 || !handOver()); i += chunk) {
        const submitting = await markSubmitting(deps, holder, rows.slice(i, i + chunk));
        const outcomes = await sendPaced(deps, submitting, pace, mayStart);
        await record(deps, holder, outcomes, submitting);
        result.sent += outcomes.filter((o) => o.kind === 'sent').length;
        result.failed += outcomes.filter((o) => o.kind === 'failed').length;
      }
      await giveBackClaims(deps.db, holder);
      await publishProgress(deps, null, [...new Set(rows.map((r) => r.sendId))]);
    }
  } finally {
    ending = true;
    result.recovered = await recovery;
    if (result.recovered.resent)
      logError(
        deps,
        { resent: result.recovered.resent },
        'SMS sent again without the provider confirming (possible duplicates)',
      );
    await hold.stop();
    await giveBackClaims(deps.db, holder).catch(() => {});
    if (!hold.lost()) await releaseLane(lease).catch(() => {});
  }
  return result;
}

/**
 * Lanes with a delivery due now (quiet hours ended, backoff over) or stranded in flight. Lanes are
 * registered when a send is accepted, so this asks each known lane through its indexes.
 */
export async function dueLanes(db: Db, now: Date): Promise<string[]> {
  return findLanesWithWork(db, DEFAULT_LANE, now.toISOString());
}
