// Runs the dispatcher in this process: one run at a time, woken when a send is accepted (through a
// pg-boss job, so any node may pick it up), by a sweep every minute (quiet hours over, backoff
// over, a dead node's lease run out) and at start (a restart resumes what was in flight). On
// shutdown it drains: no new provider call starts, calls in flight finish and are recorded,
// claimed rows go back to the queue and the lane is released for the next node.
import type PgBoss from 'pg-boss';
import { currentRequestId, withRequestId } from '../../platform/request-context.js';
import { dispatchLane, dueLanes, newDispatcherId, type TDispatchDeps } from './dispatcher.js';
import type { TLaneSettings } from './lanes.js';
import { applyEarlyStatuses } from './status.js';
import { forgetOldEarlyStatuses } from './status-repo.js';

export const DISPATCH_QUEUE = 'sms-dispatch';
export const SWEEP_QUEUE = 'sms-dispatch-sweep';

export type TDispatchQueue = {
  /** Asks some node to dispatch now (a send was accepted). */
  wake(stationId: string): Promise<void>;
  /** Stops starting provider calls, lets calls in flight finish, gives the rest back. */
  drain(): Promise<void>;
};

export type TDispatchService = {
  /** Dispatches every lane with work due now (each lane at most once at a time). */
  kick(): void;
  drain(): Promise<void>;
  /** Resolves when no run is going on (tests). */
  idle(): Promise<void>;
};

type TLaneState = { running: Promise<void> | null; again: boolean; retry: NodeJS.Timeout | null };

/**
 * One dispatcher per process, with one run at a time per lane; lanes run side by side, each at its
 * own sender's pace (`resolve`: the service's for the default lane, a station's own otherwise).
 */
export function createDispatchService(
  deps: TDispatchDeps & { resolve?: (lane: string) => Promise<TLaneSettings> },
): TDispatchService {
  const holder = deps.holder ?? newDispatcherId();
  let stopping = false;
  const lanes = new Map<string, TLaneState>();
  const stateOf = (lane: string) => {
    let state = lanes.get(lane);
    if (!state) {
      state = { running: null, again: false, retry: null };
      lanes.set(lane, state);
    }
    return state;
  };

  const scheduleRetry = (lane: string, ms: number) => {
    const state = stateOf(lane);
    if (stopping || state.retry) return;
    state.retry = setTimeout(() => {
      state.retry = null;
      kickLane(lane);
    }, ms);
    state.retry.unref?.();
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
    });
    if (!result.held) {
      // Another node sends on this lane; if it died, its lease runs out then and we take over.
      if (result.retryInMs !== undefined) scheduleRetry(lane, result.retryInMs);
      return;
    }
    // Rows accepted while we released the lane: look once more so none wait for the sweep.
    if (!stopping && (await dueLanes(deps.db, deps.now())).includes(lane)) stateOf(lane).again = true;
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
    });
  };

  let listing: Promise<void> = Promise.resolve();
  const kick = () => {
    if (stopping) return;
    listing = dueLanes(deps.db, deps.now())
      .then((due) => {
        for (const lane of due) kickLane(lane);
      })
      .catch((error) => deps.log?.error({ err: error }, 'could not list SMS lanes with work'));
  };

  const running = () => [...lanes.values()].map((l) => l.running).filter((r) => r !== null);
  return {
    kick,
    async drain() {
      stopping = true;
      await listing;
      for (const state of lanes.values()) if (state.retry) clearTimeout(state.retry);
      await Promise.all(running());
    },
    async idle() {
      while (running().length) await Promise.all(running());
    },
  };
}

/** An api node's side (ROLE api): a send is a job that wakes whichever worker takes it. */
export async function dispatchSender(boss: PgBoss): Promise<TDispatchQueue> {
  await boss.createQueue(DISPATCH_QUEUE);
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
  await boss.createQueue(DISPATCH_QUEUE);
  await boss.createQueue(SWEEP_QUEUE);
  // A run started by a send's job carries the request id of that send (its log lines, its calls).
  const workerId = await boss.work<{ requestId?: string }>(
    DISPATCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      withRequestId(job?.data.requestId, () => service.kick());
    },
  );
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    service.kick();
    // Status callbacks that overtook a delivery's write, and those no delivery will claim.
    await applyEarlyStatuses(deps.db);
    await forgetOldEarlyStatuses(deps.db, deps.now());
  });
  // A restart picks up at once what was queued or in flight.
  service.kick();
  // Every lease period each node looks for work: when the node holding the lane dies, another
  // takes over within two lease periods, even if it was never woken for that send.
  const watchdog = setInterval(() => service.kick(), deps.config.leaseMs);
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
