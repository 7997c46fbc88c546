// The SMS dispatcher: claims due deliveries with FOR UPDATE SKIP LOCKED (any number of nodes),
// sends them paced to the station's rate, retries transient failures with backoff, fails
// permanent ones and refunds their credits. A claim left by a crashed node is put back after
// its lease, so every recipient still gets the message; the rows put back are counted
// (`reclaimed`) because the provider may already have sent them.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { smsDeliveries, smsSends } from '../../db/schema/index.js';
import type { TEventBus } from '../../platform/event-bus.js';
import { SmsSendError, type TSmsProvider } from '../../providers/sms/types.js';
import { addCredits } from '../billing/ledger.js';

export type TDispatchConfig = {
  /** Messages per second per station; 0 turns pacing off. */
  ratePerSecond: number;
  /** Deliveries claimed per round trip to the database. */
  batchSize: number;
  /** Sends in flight at once. */
  concurrency: number;
  maxAttempts: number;
  /** A claim older than this belongs to a node that died. */
  leaseMs: number;
};

export const DEFAULT_DISPATCH: TDispatchConfig = {
  ratePerSecond: 1,
  batchSize: 500,
  concurrency: 32,
  maxAttempts: 5,
  leaseMs: 120_000,
};

export type TDispatchDeps = {
  db: Db;
  sms: TSmsProvider;
  events?: TEventBus;
  now: () => Date;
  /** Waits until the given time (tests pass a fake clock). */
  sleepUntil?: (at: number) => Promise<void>;
  config: TDispatchConfig;
  log?: { error(details: object, message: string): void };
};

type TClaimed = {
  id: string;
  phone: string;
  body: string;
  segments: number;
  attempts: number;
  sendId: string;
};
type TOutcome =
  | { id: string; kind: 'sent'; providerMessageId: string }
  | { id: string; kind: 'retry'; error: string; attempts: number }
  | { id: string; kind: 'failed'; error: string; segments: number };

const realSleepUntil = (at: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));

/** Backoff before attempt n+1: 5 s, 20 s, 80 s, 320 s… */
export function backoffMs(attempts: number): number {
  return 5000 * 4 ** Math.max(0, attempts - 1);
}

async function claim(deps: TDispatchDeps, stationId: string): Promise<TClaimed[]> {
  const now = deps.now();
  const result = await deps.db.execute(sql`
    update ${smsDeliveries} set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
    where id in (
      select id from ${smsDeliveries}
      where station_id = ${stationId} and status = 'queued' and not_before <= ${now.toISOString()}::timestamptz
      order by not_before, id
      limit ${deps.config.batchSize}
      for update skip locked)
    returning id, phone, body, segments, attempts, send_id as "sendId"`);
  return (result as unknown as { rows: TClaimed[] }).rows;
}

async function sendOne(deps: TDispatchDeps, row: TClaimed, stationId: string): Promise<TOutcome> {
  try {
    const sent = await deps.sms.send({ to: row.phone, body: row.body, stationId });
    return { id: row.id, kind: 'sent', providerMessageId: sent.providerMessageId };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const transient = !(error instanceof SmsSendError) || error.kind === 'transient';
    if (transient && row.attempts < deps.config.maxAttempts) {
      return { id: row.id, kind: 'retry', error: reason, attempts: row.attempts };
    }
    return { id: row.id, kind: 'failed', error: reason, segments: row.segments };
  }
}

/** Sends a batch, `concurrency` at a time, each start paced to `ratePerSecond`. */
async function sendBatch(deps: TDispatchDeps, rows: TClaimed[], stationId: string, pace: { next: number }) {
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
      outcomes.push(await sendOne(deps, row, stationId));
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.config.concurrency, rows.length) }, worker));
  return outcomes;
}

async function record(deps: TDispatchDeps, stationId: string, outcomes: TOutcome[]) {
  const now = deps.now();
  const at = now.toISOString();
  await deps.db.transaction(async (tx) => {
    const sent = outcomes.filter((o) => o.kind === 'sent');
    if (sent.length) {
      const values = JSON.stringify(sent.map((o) => ({ id: o.id, pid: o.providerMessageId })));
      await tx.execute(sql`
        update ${smsDeliveries} d set status = 'sent', provider_message_id = v.pid, sent_at = ${at}::timestamptz, error = null
        from jsonb_to_recordset(${values}::jsonb) as v(id uuid, pid text)
        where d.id = v.id and d.status = 'sending'`);
    }
    for (const o of outcomes) {
      if (o.kind !== 'retry') continue;
      await tx
        .update(smsDeliveries)
        .set({ status: 'queued', error: o.error, notBefore: new Date(now.getTime() + backoffMs(o.attempts)) })
        .where(and(eq(smsDeliveries.id, o.id), eq(smsDeliveries.status, 'sending')));
    }
    const failed = outcomes.filter((o) => o.kind === 'failed');
    if (failed.length) {
      for (const o of failed) {
        await tx
          .update(smsDeliveries)
          .set({ status: 'failed', error: o.error, finishedAt: now })
          .where(and(eq(smsDeliveries.id, o.id), eq(smsDeliveries.status, 'sending')));
      }
      const credits = failed.reduce((n, o) => n + o.segments, 0);
      await addCredits(tx, stationId, {
        kind: 'refund',
        credits,
        description: `Refund: ${failed.length} SMS could not be delivered`,
        reference: failed[0]?.id,
        at: now,
      });
    }
  });
}

/** Tells the station's live streams which messages' progress moved. */
export async function publishProgress(
  deps: Pick<TDispatchDeps, 'db' | 'events'>,
  stationId: string,
  sendIds: string[],
) {
  if (!deps.events || sendIds.length === 0) return;
  const rows = await deps.db
    .selectDistinct({ messageId: smsSends.messageId })
    .from(smsSends)
    .where(and(eq(smsSends.stationId, stationId), inArray(smsSends.id, sendIds)));
  for (const { messageId } of rows) {
    if (messageId)
      await deps.events.publish({ stationId, type: 'sms_progress', data: { message_id: messageId } });
  }
}

/**
 * Sends every delivery of the station that is due now, then returns. Queued rows that are not
 * due yet (quiet hours, backoff) are left for a later run.
 */
export async function dispatchStation(deps: TDispatchDeps, stationId: string) {
  const pace = { next: 0 };
  let total = 0;
  for (;;) {
    const rows = await claim(deps, stationId);
    if (rows.length === 0) return { sent: total };
    const outcomes = await sendBatch(deps, rows, stationId, pace);
    await record(deps, stationId, outcomes);
    total += outcomes.filter((o) => o.kind === 'sent').length;
    await publishProgress(deps, stationId, [...new Set(rows.map((r) => r.sendId))]);
  }
}

/** Claims left by a crashed node go back to the queue; answers how many (possible duplicates). */
export async function reclaimStale(deps: Pick<TDispatchDeps, 'db' | 'now' | 'config'>) {
  const before = new Date(deps.now().getTime() - deps.config.leaseMs);
  const rows = await deps.db
    .update(smsDeliveries)
    .set({ status: 'queued', claimedAt: null, reclaimed: sql`${smsDeliveries.reclaimed} + 1` })
    .where(and(eq(smsDeliveries.status, 'sending'), lte(smsDeliveries.claimedAt, before)))
    .returning({ stationId: smsDeliveries.stationId });
  return { reclaimed: rows.length, stationIds: [...new Set(rows.map((r) => r.stationId))] };
}

/** Stations with deliveries due now (quiet hours ended, backoff over). */
export async function stationsWithDueDeliveries(db: Db, now: Date) {
  const rows = await db
    .selectDistinct({ stationId: smsDeliveries.stationId })
    .from(smsDeliveries)
    .where(and(eq(smsDeliveries.status, 'queued'), lte(smsDeliveries.notBefore, now)));
  return rows.map((r) => r.stationId);
}
