// A sending lane's lease (decision 0016): the service's sending identity has one pace, so one
// dispatcher at a time sends on it, whichever node it runs on. The lease lives in PostgreSQL and
// is timed by the database's clock, so nodes with slightly different clocks agree on it; the
// holder renews it while it sends and never starts a provider call after its lease may have ended.
import type { Db } from '../../db/client.js';
import { clearLaneLease, extendLaneLease, findLaneLeaseEnd, takeLaneLease } from './lane-repo.js';

export type TLaneLeaseDeps = {
  db: Db;
  lane: string;
  /** This dispatcher's id: unique per process (host, pid and a random part). */
  holder: string;
  leaseMs: number;
  /**
   * Only one process can ever open this database (the embedded PGlite folder is locked), so a
   * lease held by another id belongs to a process that is gone: take it over at once.
   */
  exclusive?: boolean;
};

/**
 * Takes the lane when it is free, its lease ran out, or it is already ours. Answers whether it was
 * taken, whether a dead holder's lease was taken over, and when the current lease ends.
 */
export async function acquireLane(deps: TLaneLeaseDeps) {
  const row = await takeLaneLease(deps.db, deps, deps.exclusive === true);
  if (row) {
    return {
      acquired: true as const,
      tookOver: row.previous !== null && row.previous !== deps.holder,
    };
  }
  const held = await findLaneLeaseEnd(deps.db, deps.lane);
  const waitMs = held ? Math.max(0, Date.parse(held.lease_until) - Date.parse(held.now)) : 0;
  return { acquired: false as const, retryInMs: waitMs + 50 };
}

/** Extends our lease; false when it is no longer ours (we must stop sending at once). */
export async function renewLane(deps: TLaneLeaseDeps): Promise<boolean> {
  return extendLaneLease(deps.db, deps);
}

/** Gives the lane up (drained or idle) so another node can take it without waiting. */
export async function releaseLane(deps: TLaneLeaseDeps) {
  await clearLaneLease(deps.db, deps);
}

/**
 * Keeps the lease renewed while work runs: renews every third of the lease and says until when
 * (on this process's monotonic clock) a provider call may still start. A safety quarter of the
 * lease is kept back for clock drift and slow calls.
 */
export function holdLease(deps: TLaneLeaseDeps, log?: { error(details: object, message: string): void }) {
  const safetyMs = deps.leaseMs / 4;
  let validUntil = performance.now() + deps.leaseMs - safetyMs;
  let lost = false;
  let renewing: Promise<void> | null = null;
  const renew = async () => {
    const startedAt = performance.now();
    try {
      if (await renewLane(deps)) validUntil = startedAt + deps.leaseMs - safetyMs;
      else lost = true;
    } catch (error) {
      // The database did not answer: the lease may run out; the guard below stops new calls.
      log?.error({ err: error }, 'could not renew the SMS lane lease');
    }
  };
  const timer = setInterval(() => {
    if (!renewing) renewing = renew().finally(() => (renewing = null));
  }, deps.leaseMs / 3);
  timer.unref?.();
  return {
    /** True while a provider call may start. */
    valid: () => !lost && performance.now() < validUntil,
    lost: () => lost,
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}
