// The SMS dispatcher (decision 0016). One dispatcher at a time holds the sending lane (lane.ts)
// and sends every station's due deliveries on it, emergencies first, paced to the lane's rate.
// A delivery moves queued → claimed (taken, provider not called: safe to give back) →
// submitting (the provider call started: never re-sent blindly) → sent | queued (retry) | failed.
// When a holder dies, the next holder gives its claims back and asks the provider about its
// submitting rows before anything is sent again. Refunds are unique per delivery in the database.
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
};

export const DEFAULT_DISPATCH: TDispatchConfig = {
  ratePerSecond: 1,
  batchSize: 500,
  concurrency: 32,
  maxAttempts: 5,
  leaseMs: 30_000,
};

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
  log?: {
    error(details: object, message: string): void;
    warn?(details: object, message: string): void;
  };
};

type TOutcome =
  | { id: string; kind: 'sent'; providerMessageId: string }
  | { id: string; kind: 'retry'; error: string; attempts: number }
  | { id: string; kind: 'failed'; error: string }
  /** Not sent: the lease or the process is ending; back to the queue untouched. */
  | { id: string; kind: 'unsent' };

export type TDispatchResult = {
  /** False when another live dispatcher holds the lane; `retryInMs` says when its lease ends. */
  held: boolean;
  retryInMs?: number;
  sent: number;
  failed: number;
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
    const reason = error instanceof Error ? error.message : String(error);
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
    // delivery.failed, send.progress and send.completed webhooks (issue 23), with these moves.
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

/**
 * Rows in flight from an earlier holder (a crashed node, or this one before a restart): claims go
 * back to the queue; each submitting row is looked up at the provider. Found: it was sent (no
 * second text). Not found: queued again. The provider cannot say: sent again and counted in
 * `reclaimed` (a possible duplicate, shown to staff).
 */
export async function recoverInFlight(deps: TDispatchDeps, holder: string) {
  const counts = { confirmed: 0, requeued: 0, resent: 0 };
  const lane = deps.lane ?? DEFAULT_LANE;
  counts.requeued += await requeueOthersClaims(deps.db, lane, holder);
  for (;;) {
    const rows = await takeOthersSubmitting(deps.db, lane, holder);
    if (rows.length === 0) return counts;
    let found: (string | null)[] | null = null;
    try {
      found = deps.sms.lookup
        ? await deps.sms.lookup(
            rows.map((r) => ({ to: r.phone, body: r.body, since: new Date(Date.parse(r.submitted_at)) })),
            deps.from ?? null,
          )
        : null;
    } catch (error) {
      deps.log?.error({ err: error, rows: rows.length }, 'SMS provider could not say what it received');
    }
    const at = deps.now().toISOString();
    const moved = await settleRecovered(
      deps.db,
      holder,
      rows.map((r, i) => ({ id: r.id, pid: found ? (found[i] ?? null) : null })),
      at,
      !found,
    );
    if (found)
      await applyEarlyStatuses(
        deps.db,
        found.filter((pid): pid is string => pid !== null),
      );
    const confirmed = moved.filter((m) => m.confirmed).length;
    counts.confirmed += confirmed;
    if (found) counts.requeued += moved.length - confirmed;
    else counts.resent += moved.length;
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
  try {
    result.recovered = await recoverInFlight(deps, holder);
    if (result.recovered.resent)
      deps.log?.error(
        { resent: result.recovered.resent },
        'SMS sent again without the provider confirming (possible duplicates)',
      );
    const pace = { next: 0 };
    while (mayStart()) {
      const rows = await claim(deps, holder);
      if (rows.length === 0) break;
      const chunk = submitChunk(deps.config);
      for (let i = 0; i < rows.length && mayStart(); i += chunk) {
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
