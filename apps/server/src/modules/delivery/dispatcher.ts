// The SMS dispatcher (decision 0016). One dispatcher at a time holds the sending lane (lane.ts)
// and sends every station's due deliveries on it, emergencies first, paced to the lane's rate.
// A delivery moves queued → claimed (taken, provider not called: safe to give back) →
// submitting (the provider call started: never re-sent blindly) → sent | queued (retry) | failed.
// When a holder dies, the next holder gives its claims back and asks the provider about its
// submitting rows before anything is sent again. Refunds are unique per delivery in the database.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsDispatchLanes, smsRefunds, smsSends } from '../../db/schema/owned/delivery.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { addCredits, ledgerLine } from '../billing/service.js';
import { acquireLane, holdLease, releaseLane, type TLaneLeaseDeps } from './lane.js';
import { applyEarlyStatuses } from './status.js';

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

type TClaimed = {
  id: string;
  phone: string;
  body: string;
  segments: number;
  attempts: number;
  sendId: string;
  stationId: string;
  priority: number;
  notBefore: string;
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
  const now = deps.now().toISOString();
  const result = await deps.db.execute(sql`
    update ${smsDeliveries} set status = 'claimed', claimed_by = ${holder}, claimed_at = ${now}::timestamptz
    where id in (
      select id from ${smsDeliveries}
      where lane = ${deps.lane ?? DEFAULT_LANE} and status = 'queued' and not_before <= ${now}::timestamptz
      -- The due index's order, read no further than the batch: a send's rows share priority and
      -- due time, and a tie-break (ids are random anyway) would sort all of them for each batch.
      order by priority, not_before
      limit ${claimSize(deps.config)}
      for update skip locked)
    returning id, phone, body, segments, attempts, send_id as "sendId", station_id as "stationId",
      priority, not_before::text as "notBefore"`);
  // RETURNING has no order: keep the queue's, emergencies first, then the longest due.
  return rowsOf<TClaimed>(result).sort(
    (a, b) => a.priority - b.priority || Date.parse(a.notBefore) - Date.parse(b.notBefore),
  );
}

/** Marks claimed rows submitting just before their provider calls; answers the ones still ours. */
async function markSubmitting(deps: TDispatchDeps, holder: string, rows: TClaimed[]) {
  const ids = rows.map((r) => r.id);
  const result = await deps.db.execute(sql`
    update ${smsDeliveries} set status = 'submitting', submitted_at = ${deps.now().toISOString()}::timestamptz,
      attempts = attempts + 1
    where id = any(${`{${ids.join(',')}}`}::uuid[]) and status = 'claimed' and claimed_by = ${holder}
    returning id, attempts`);
  const attempts = new Map(rowsOf<{ id: string; attempts: number }>(result).map((r) => [r.id, r.attempts]));
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
  const inserted = rowsOf<{ station_id: string; credits: number; n: number; first: string }>(
    await tx.execute(sql`
      with added as (
        insert into ${smsRefunds} (delivery_id, station_id, credits, created_at)
        select d.id, d.station_id, d.segments, ${at.toISOString()}::timestamptz from ${smsDeliveries} d
        where d.id = any(${`{${ids.join(',')}}`}::uuid[]) and d.status = 'failed'
        on conflict (delivery_id) do nothing
        returning station_id, credits, delivery_id)
      select station_id, sum(credits)::int as credits, count(*)::int as n, min(delivery_id::text) as first
      from added group by station_id`),
  );
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

async function record(deps: TDispatchDeps, holder: string, outcomes: TOutcome[]) {
  const now = deps.now();
  const at = now.toISOString();
  const ours = sql`d.status = 'submitting' and d.claimed_by = ${holder}`;
  await deps.db.transaction(async (tx) => {
    const sent = outcomes.filter((o) => o.kind === 'sent');
    if (sent.length) {
      const values = JSON.stringify(sent.map((o) => ({ id: o.id, pid: o.providerMessageId })));
      await tx.execute(sql`
        update ${smsDeliveries} d set status = 'sent', provider_message_id = v.pid, sent_at = ${at}::timestamptz, error = null
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, pid text)
        where d.id = v.id and ${ours}`);
      // Callbacks that overtook this write (the provider called back before we recorded its id).
      await applyEarlyStatuses(
        tx,
        sent.map((o) => o.providerMessageId),
      );
    }
    const retry = outcomes.filter((o) => o.kind === 'retry');
    if (retry.length) {
      const values = JSON.stringify(
        retry.map((o) => ({ id: o.id, error: o.error, at: new Date(now.getTime() + backoffMs(o.attempts)) })),
      );
      await tx.execute(sql`
        update ${smsDeliveries} d set status = 'queued', error = v.error, not_before = v.at, claimed_by = null
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, error text, at timestamptz)
        where d.id = v.id and ${ours}`);
    }
    const unsent = outcomes.filter((o) => o.kind === 'unsent').map((o) => o.id);
    if (unsent.length) {
      await tx.execute(sql`
        update ${smsDeliveries} d set status = 'queued', claimed_by = null, attempts = attempts - 1
        where d.id = any(${`{${unsent.join(',')}}`}::uuid[]) and ${ours}`);
    }
    const failed = outcomes.filter((o) => o.kind === 'failed');
    if (failed.length) {
      const values = JSON.stringify(failed.map((o) => ({ id: o.id, error: o.error })));
      await tx.execute(sql`
        update ${smsDeliveries} d set status = 'failed', error = v.error, finished_at = ${at}::timestamptz
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, error text)
        where d.id = v.id and ${ours}`);
      await refund(
        tx,
        failed.map((o) => o.id),
        now,
      );
    }
  });
}

/** Rows claimed by this holder and not submitted go back to the queue (stop, lost lease). */
async function giveBack(deps: TDispatchDeps, holder: string) {
  await deps.db.execute(sql`
    update ${smsDeliveries} set status = 'queued', claimed_by = null
    where status = 'claimed' and claimed_by = ${holder}`);
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
  const claimed = await deps.db.execute(sql`
    update ${smsDeliveries} set status = 'queued', claimed_by = null
    where lane = ${lane} and status = 'claimed' and claimed_by is distinct from ${holder} returning id`);
  counts.requeued += rowsOf(claimed).length;
  for (;;) {
    const rows = rowsOf<{ id: string; phone: string; body: string; submitted_at: string }>(
      await deps.db.execute(sql`
        update ${smsDeliveries} set claimed_by = ${holder}
        where id in (select id from ${smsDeliveries}
          where lane = ${lane} and status = 'submitting' and claimed_by is distinct from ${holder}
          limit 200 for update skip locked)
        returning id, phone, body, submitted_at::text`),
    );
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
    const values = JSON.stringify(rows.map((r, i) => ({ id: r.id, pid: found ? (found[i] ?? null) : null })));
    const moved = rowsOf<{ confirmed: boolean }>(
      await deps.db.execute(sql`
        update ${smsDeliveries} d set
          status = case when v.pid is not null then 'sent' else 'queued' end,
          provider_message_id = coalesce(v.pid, d.provider_message_id),
          sent_at = case when v.pid is not null then ${at}::timestamptz else d.sent_at end,
          reclaimed = d.reclaimed + ${found ? 0 : 1},
          claimed_by = case when v.pid is not null then d.claimed_by else null end
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, pid text)
        where d.id = v.id and d.status = 'submitting' and d.claimed_by = ${holder}
        returning v.pid is not null as confirmed`),
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
  const rows = rowsOf<{ station_id: string; message_id: string | null }>(
    await deps.db.execute(sql`
      select distinct station_id, message_id from ${smsSends}
      where id = any(${`{${sendIds.join(',')}}`}::uuid[])
      ${stationId ? sql`and station_id = ${stationId}` : sql``}`),
  );
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
        await record(deps, holder, outcomes);
        result.sent += outcomes.filter((o) => o.kind === 'sent').length;
        result.failed += outcomes.filter((o) => o.kind === 'failed').length;
      }
      await giveBack(deps, holder);
      await publishProgress(deps, null, [...new Set(rows.map((r) => r.sendId))]);
    }
  } finally {
    await hold.stop();
    await giveBack(deps, holder).catch(() => {});
    if (!hold.lost()) await releaseLane(lease).catch(() => {});
  }
  return result;
}

/**
 * Lanes with a delivery due now (quiet hours ended, backoff over) or stranded in flight. Lanes are
 * registered when a send is accepted, so this asks each known lane through its indexes.
 */
export async function dueLanes(db: Db, now: Date): Promise<string[]> {
  const at = now.toISOString();
  const rows = rowsOf<{ lane: string }>(
    await db.execute(sql`
      select l.lane from (select ${DEFAULT_LANE}::text as lane union select lane from ${smsDispatchLanes}) l
      where exists (select 1 from ${smsDeliveries} d
          where d.lane = l.lane and d.status = 'queued' and d.not_before <= ${at}::timestamptz)
        or exists (select 1 from ${smsDeliveries} d
          where d.lane = l.lane and d.status in ('claimed', 'submitting'))`),
  );
  return rows.map((r) => r.lane);
}
