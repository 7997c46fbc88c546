// Runs the dispatcher in this process: one run at a time per lane, woken when a send is accepted
// (through a pg-boss job, so any node may pick it up), by a look every second (quiet hours over,
// backoff over, a dead node's lease run out, its share of the lanes with work: decision 0060) and
// at start (a restart resumes what was in flight). On shutdown it drains: no new provider call
// starts, calls in flight finish and are recorded, claimed rows go back to the queue and the lanes
// are released for the next node.
import type { PgBoss } from 'pg-boss';
import { declareQueue, scheduleQueue, type TQueueName } from '../../platform/job-registry.js';
import { currentRequestId, withRequestId } from '../../platform/request-context.js';
import { DEFAULT_LANE, dispatchLane, dueLanes, newDispatcherId, type TDispatchDeps } from './dispatcher.js';
import { beatAndListWorkers, findLanesWithWorkAndHolders, forgetWorker } from './lane-repo.js';
import type { TLaneSettings } from './lanes.js';
import { applyEarlyStatuses } from './status.js';
import { forgetOldEarlyStatuses } from './status-repo.js';

export const DISPATCH_QUEUE = 'sms-dispatch' satisfies TQueueName;
export const SWEEP_QUEUE = 'sms-dispatch-sweep' satisfies TQueueName;

export type TDispatchQueue = {
  /** Asks some node to dispatch now (a send was accepted). */
  wake(stationId: string): Promise<void>;
  /** Stops starting provider calls, lets calls in flight finish, gives the rest back. */
  drain(): Promise<void>;
};

export type TDispatchService = {
  /** Dispatches the lanes with work due now that are this process's to take (see `createDispatchService`). */
  kick(): void;
  drain(): Promise<void>;
  /** Resolves when no run is going on (tests). */
  idle(): Promise<void>;
  /** What this process last saw: live dispatchers and its share of the lanes with work (tests, metrics). */
  view(): { workers: number; lanesWithWork: number; share: number; holding: number };
};

type TLaneState = {
  running: Promise<void> | null;
  again: boolean;
  retry: NodeJS.Timeout | null;
  /** The run was asked to hand the lane over and is ending. */
  yielding: boolean;
  /** Since when (monotonic ms) the lane has waited free beyond this process's share. */
  deferredSince: number | null;
  /** Until when (monotonic ms) a lane taken after waiting is kept, not handed over again. */
  keepUntil: number;
};

/** How often a dispatcher renews its row among the live ones and looks at the lanes (decision 0060). */
export function balanceIntervalMs(leaseMs: number): number {
  return Math.max(50, Math.min(1000, Math.floor(leaseMs / 3)));
}

/**
 * A free lane with work that no dispatcher under its share took for this many looks is taken by
 * one at its share: fairness never leaves a lane waiting (a dead dispatcher's row lingers up to a
 * lease; a dispatcher may be slow to look).
 */
const GRACE_LOOKS = 2;

/**
 * One dispatcher per process, with one run at a time per lane; lanes run side by side, each at its
 * own sender's pace (`resolve`: the service's for the default lane, a station's own otherwise).
 *
 * Several processes share the lanes (decision 0060): each renews a row in `sms_dispatch_workers`
 * whenever it looks, and takes a free lane with work only while it holds fewer than its share,
 * ceil(lanes with work / live dispatchers); a lane beyond its share is taken only when no one else
 * took it within two looks. A process holding more than its share while another live one holds
 * less hands lanes over between claims. A lane still has one holder and one pace (0016): the
 * share only decides who tries to take a lease; the lease decides who holds it.
 */
export function createDispatchService(
  deps: TDispatchDeps & { resolve?: (lane: string) => Promise<TLaneSettings> },
): TDispatchService {
  const holder = deps.holder ?? newDispatcherId();
  const ours = `${holder}/`;
  const graceMs = GRACE_LOOKS * balanceIntervalMs(deps.config.leaseMs);
  let stopping = false;
  const lanes = new Map<string, TLaneState>();
  /** The last look: live dispatchers, lanes with work, the share, and lanes each dispatcher holds. */
  let view = {
    workers: [holder],
    lanesWithWork: 0,
    share: Number.POSITIVE_INFINITY,
    heldBy: new Map<string, number>(),
  };
  const stateOf = (lane: string) => {
    let state = lanes.get(lane);
    if (!state) {
      state = {
        running: null,
        again: false,
        retry: null,
        yielding: false,
        deferredSince: null,
        keepUntil: 0,
      };
      lanes.set(lane, state);
    }
    return state;
  };
  /** Lanes this process is running and not handing over. */
  const holding = () => [...lanes.values()].filter((l) => l.running && !l.yielding).length;

  const scheduleRetry = (lane: string, ms: number) => {
    const state = stateOf(lane);
    if (stopping || state.retry) return;
    state.retry = setTimeout(() => {
      state.retry = null;
      kickLane(lane);
    }, ms);
    state.retry.unref?.();
  };

  /** Whether this run should hand its lane over (asked before each claim). */
  const shouldYield = (lane: string) => {
    const state = stateOf(lane);
    if (stopping || view.workers.length < 2 || performance.now() < state.keepUntil) return false;
    if (holding() <= view.share) return false;
    const starved = view.workers.some((w) => w !== holder && (view.heldBy.get(w) ?? 0) < view.share);
    if (!starved) return false;
    state.yielding = true;
    return true;
  };

  const runOnce = async (lane: string) => {
    const settings = deps.resolve
      ? await deps.resolve(lane)
      : { ratePerSecond: deps.config.ratePerSecond, from: null };
    const result = await dispatchLane({
      ...deps,
      lane,
      from: settings.from,
      config: { ...deps.config, ratePerSecond: settings.ratePerSecond },
      holder,
      stopping: () => stopping,
      shouldYield: () => shouldYield(lane),
    });
    if (!result.held) {
      // Another node sends on this lane; if it died, its lease runs out then and we take over.
      if (result.retryInMs !== undefined) scheduleRetry(lane, result.retryInMs);
      return;
    }
    const state = stateOf(lane);
    if (result.yielded) {
      // Handed over: another dispatcher takes it at its next look; we wait our grace first.
      state.again = false;
      state.deferredSince = performance.now();
      return;
    }
    // Rows accepted while we released the lane: look once more so none wait for the sweep.
    if (!stopping && (await dueLanes(deps.db, deps.now())).includes(lane)) state.again = true;
  };

  const kickLane = (lane: string) => {
    const state = stateOf(lane);
    if (stopping) return;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = (async () => {
      do {
        state.again = false;
        try {
          await runOnce(lane);
        } catch (error) {
          deps.log?.error({ err: error, lane }, 'SMS dispatch failed; trying again shortly');
          scheduleRetry(lane, 2000);
        }
      } while (state.again && !stopping);
    })().finally(() => {
      state.running = null;
      state.yielding = false;
    });
  };

  /** Whether this process takes a free lane with work now: under its share, or no one else took it. */
  const admit = (state: TLaneState) => {
    const now = performance.now();
    if (holding() < view.share) {
      state.deferredSince = null;
      return true;
    }
    if (state.deferredSince === null) state.deferredSince = now;
    if (now - state.deferredSince < graceMs) return false;
    state.deferredSince = null;
    state.keepUntil = now + 5 * graceMs;
    return true;
  };

  const look = async () => {
    // With the embedded database only this process can open it: it is the only dispatcher.
    const workers = deps.exclusive
      ? [holder]
      : await beatAndListWorkers(deps.db, holder, deps.config.leaseMs);
    const work = await findLanesWithWorkAndHolders(deps.db, DEFAULT_LANE, deps.now().toISOString());
    const heldBy = new Map<string, number>();
    for (const { holder: h } of work) {
      const worker = h?.split('/')[0];
      if (worker) heldBy.set(worker, (heldBy.get(worker) ?? 0) + 1);
    }
    view = {
      workers,
      lanesWithWork: work.length,
      share: Math.ceil(work.length / Math.max(1, workers.length)),
      heldBy,
    };
    for (const { lane, holder: h } of work) {
      const state = stateOf(lane);
      // A run of ours looks for new rows until none are due, and once more after releasing.
      if (state.running) continue;
      // Held by another live dispatcher (with the embedded database, any other is a dead run's).
      if (h && !h.startsWith(ours) && !deps.exclusive) {
        state.deferredSince = null;
        continue;
      }
      if (!admit(state)) continue;
      // Free now: a retry waiting for the end of an earlier holder's lease need not wait.
      if (state.retry) {
        clearTimeout(state.retry);
        state.retry = null;
      }
      kickLane(lane);
    }
  };

  let looking: Promise<void> | null = null;
  let lookAgain = false;
  const kick = () => {
    if (stopping) return;
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = (async () => {
      do {
        lookAgain = false;
        try {
          await look();
        } catch (error) {
          deps.log?.error({ err: error }, 'could not list SMS lanes with work');
        }
      } while (lookAgain && !stopping);
    })().finally(() => {
      looking = null;
    });
  };

  const running = () => [...lanes.values()].map((l) => l.running).filter((r) => r !== null);
  return {
    kick,
    async drain() {
      stopping = true;
      await looking;
      for (const state of lanes.values()) if (state.retry) clearTimeout(state.retry);
      await Promise.all(running());
      if (!deps.exclusive) await forgetWorker(deps.db, holder).catch(() => {});
    },
    async idle() {
      while (running().length || looking) await Promise.all([...running(), looking]);
    },
    view: () => ({
      workers: view.workers.length,
      lanesWithWork: view.lanesWithWork,
      share: view.share,
      holding: holding(),
    }),
  };
}

/** An api node's side (ROLE api): a send is a job that wakes whichever worker takes it. */
export async function dispatchSender(boss: PgBoss): Promise<TDispatchQueue> {
  await declareQueue(boss, DISPATCH_QUEUE);
  return {
    async wake() {
      await boss.send(DISPATCH_QUEUE, { requestId: currentRequestId() });
    },
    drain: async () => {},
  };
}

export async function startDispatchWorker(
  boss: PgBoss,
  deps: TDispatchDeps & { background: boolean; resolve?: (lane: string) => Promise<TLaneSettings> },
): Promise<TDispatchQueue & { service: TDispatchService | null }> {
  if (!deps.background) return { wake: async () => {}, drain: async () => {}, service: null };
  const service = createDispatchService(deps);
  await declareQueue(boss, DISPATCH_QUEUE);
  await declareQueue(boss, SWEEP_QUEUE);
  // A run started by a send's job carries the request id of that send (its log lines, its calls).
  const workerId = await boss.work<{ requestId?: string }>(
    DISPATCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      withRequestId(job?.data.requestId, () => service.kick());
    },
  );
  await scheduleQueue(boss, SWEEP_QUEUE);
  await boss.work(SWEEP_QUEUE, async () => {
    service.kick();
    // Status callbacks that overtook a delivery's write, and those no delivery will claim.
    await applyEarlyStatuses(deps.db, deps.now());
    await forgetOldEarlyStatuses(deps.db, deps.now());
  });
  // A restart picks up at once what was queued or in flight.
  service.kick();
  // Each node looks every second (a third of the lease when shorter): it renews its row among the
  // live dispatchers, takes its share of free lanes with work, and takes over a dead node's lanes
  // once their leases ran out, even if it was never woken for that send (0016, 0060).
  const watchdog = setInterval(() => service.kick(), balanceIntervalMs(deps.config.leaseMs));
  watchdog.unref?.();
  return {
    service,
    async wake() {
      // This node dispatches if it can; the job reaches the others (and outlives a crash here).
      service.kick();
      await boss.send(DISPATCH_QUEUE, { requestId: currentRequestId() });
      boss.notifyWorker(workerId);
    },
    drain: () => {
      clearInterval(watchdog);
      return service.drain();
    },
  };
}
