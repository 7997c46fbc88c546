// Queries on the sending lanes (decision 0016): a lane's lease, timed by the database's clock
// (clock_timestamp(), not now(): a lease must not look fresh for a whole transaction), and which
// lane queued texts go out on. When to take, renew or give up a lease is lane.ts's and lanes.ts's.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';
import { smsDeliveries, smsDispatchLanes, smsDispatchWorkers } from '../../db/schema/owned/delivery.js';

export type TLeaseKey = { lane: string; holder: string; leaseMs: number };

/**
 * Takes the lane when it is free, its lease ran out, it is already ours, or `takeOverLive` (only
 * this process can open the database). One statement, so two nodes cannot both take it. Answers
 * the row when taken (with the previous holder), nothing when another live holder keeps it.
 */
export async function takeLaneLease(db: DbOrTx, key: TLeaseKey, takeOverLive: boolean) {
  const ms = `${key.leaseMs} milliseconds`;
  const result = await db.execute(sql`
    with previous as (select holder, lease_until from ${smsDispatchLanes} where lane = ${key.lane})
    insert into ${smsDispatchLanes} as l (lane, holder, lease_until, updated_at)
    values (${key.lane}, ${key.holder}, clock_timestamp() + ${ms}::interval, clock_timestamp())
    on conflict (lane) do update set
      holder = excluded.holder,
      lease_until = excluded.lease_until,
      updated_at = excluded.updated_at,
      takeovers = l.takeovers + (case when l.holder is not null and l.holder <> excluded.holder then 1 else 0 end)
    where l.holder is null or l.holder = excluded.holder or l.lease_until < clock_timestamp() or ${takeOverLive ? sql`true` : sql`false`}
    returning l.holder, (select holder from previous) as previous, l.lease_until::text, clock_timestamp()::text as now`);
  const [row] = rowsOf<{
    holder: string | null;
    previous: string | null;
    lease_until: string | null;
    now: string;
  }>(result);
  return row ?? null;
}

/** When the lane's current lease ends, and the database's time now (both as text), or null. */
export async function findLaneLeaseEnd(db: DbOrTx, lane: string) {
  const [held] = rowsOf<{ lease_until: string; now: string }>(
    await db.execute(
      sql`select lease_until::text, clock_timestamp()::text as now from ${smsDispatchLanes} where lane = ${lane}`,
    ),
  );
  return held ?? null;
}

/** Extends the lease while it is still ours and not run out; false otherwise. */
export async function extendLaneLease(db: DbOrTx, key: TLeaseKey): Promise<boolean> {
  const ms = `${key.leaseMs} milliseconds`;
  const result = await db.execute(sql`
    update ${smsDispatchLanes} set lease_until = clock_timestamp() + ${ms}::interval, updated_at = clock_timestamp()
    where lane = ${key.lane} and holder = ${key.holder} and lease_until >= clock_timestamp()
    returning lane`);
  return rowsOf(result).length === 1;
}

/** Clears the lease if it is still ours (a holder that lost it must not free the new one's). */
export async function clearLaneLease(db: DbOrTx, key: Pick<TLeaseKey, 'lane' | 'holder'>) {
  await db.execute(sql`
    update ${smsDispatchLanes} set holder = null, lease_until = null, updated_at = clock_timestamp()
    where lane = ${key.lane} and holder = ${key.holder}`);
}

/** Makes the lane known to every node's watchdog (idempotent; call in the accepting transaction). */
export async function registerLane(tx: DbOrTx, lane: string) {
  await tx.insert(smsDispatchLanes).values({ lane }).onConflictDoNothing();
}

/**
 * Moves the station's queued texts to `lane`; claimed or submitting ones stay where they are (their
 * holder finishes them). Answers how many moved.
 */
export async function moveQueuedToLane(tx: DbOrTx, stationId: string, lane: string) {
  const moved = await tx
    .update(smsDeliveries)
    .set({ lane })
    .where(
      and(
        eq(smsDeliveries.stationId, stationId),
        eq(smsDeliveries.status, 'queued'),
        ne(smsDeliveries.lane, lane),
      ),
    )
    .returning({ id: smsDeliveries.id });
  return moved.length;
}

/**
 * Renews this dispatcher's row among the live ones for `leaseMs` (inserts it the first time) and
 * answers the ids of every live dispatcher, this one included; rows dead for a day are removed.
 * One statement, timed by the database's clock like the lanes' leases.
 */
export async function beatAndListWorkers(db: DbOrTx, id: string, leaseMs: number): Promise<string[]> {
  const ms = `${leaseMs} milliseconds`;
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      with beat as (
        insert into ${smsDispatchWorkers} (id, seen_until, started_at)
        values (${id}, clock_timestamp() + ${ms}::interval, clock_timestamp())
        on conflict (id) do update set seen_until = excluded.seen_until
        returning id),
      gone as (
        delete from ${smsDispatchWorkers} where seen_until < clock_timestamp() - interval '1 day')
      select id from ${smsDispatchWorkers} where seen_until >= clock_timestamp() and id <> ${id}
      union all select id from beat`),
  );
  return rows.map((r) => r.id);
}

/** Removes this dispatcher's row (it stops): the others' shares grow at once. */
export async function forgetWorker(db: DbOrTx, id: string) {
  await db.execute(sql`delete from ${smsDispatchWorkers} where id = ${id}`);
}

export type TLaneWork = {
  lane: string;
  /** The lease's holder (`{dispatcher id}/{run}`) when the lease is live, else null. */
  holder: string | null;
};

/**
 * Lanes (the default one and every registered one) with a delivery due at `at` or in flight, each
 * with the holder of its live lease (by the database's clock), if any.
 */
export async function findLanesWithWorkAndHolders(
  db: DbOrTx,
  defaultLane: string,
  at: string,
): Promise<TLaneWork[]> {
  return rowsOf<TLaneWork>(
    await db.execute(sql`
      select l.lane, case when h.lease_until >= clock_timestamp() then h.holder end as holder
      from (select ${defaultLane}::text as lane union select lane from ${smsDispatchLanes}) l
      left join ${smsDispatchLanes} h on h.lane = l.lane
      where exists (select 1 from ${smsDeliveries} d
          where d.lane = l.lane and d.status = 'queued' and d.not_before <= ${at}::timestamptz)
        or exists (select 1 from ${smsDeliveries} d
          where d.lane = l.lane and d.status in ('claimed', 'submitting'))`),
  );
}
