// Runs the dispatcher in this process: one run at a time, woken when a send is accepted (through a
// pg-boss job, so any node may pick it up), by a sweep every minute (quiet hours over, backoff
// over, a dead node's lease run out) and at start (a restart resumes what was in flight). On
// shutdown it drains: no new provider call starts, calls in flight finish and are recorded,
// claimed rows go back to the queue and the lane is released for the next node.
import type PgBoss from 'pg-boss';
import { dispatchLane, hasDueDeliveries, newDispatcherId, type TDispatchDeps } from './dispatcher.js';

export const DISPATCH_QUEUE = 'sms-dispatch';
export const SWEEP_QUEUE = 'sms-dispatch-sweep';

export type TDispatchQueue = {
  /** Asks some node to dispatch now (a send was accepted). */
  wake(stationId: string): Promise<void>;
  /** Stops starting provider calls, lets calls in flight finish, gives the rest back. */
  drain(): Promise<void>;
};

export type TDispatchService = {
  kick(): void;
  drain(): Promise<void>;
  /** Resolves when no run is going on (tests). */
  idle(): Promise<void>;
};

/** One dispatcher per process: runs back to back while there is work, never two at once. */
export function createDispatchService(deps: TDispatchDeps): TDispatchService {
  const holder = deps.holder ?? newDispatcherId();
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
  let retryTimer: NodeJS.Timeout | null = null;

  const scheduleRetry = (ms: number) => {
    if (stopping || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      kick();
    }, ms);
    retryTimer.unref?.();
  };

  const runOnce = async () => {
    const result = await dispatchLane({ ...deps, holder, stopping: () => stopping });
    if (!result.held) {
      // Another node sends; if it died, its lease runs out then and we take over.
      if (result.retryInMs !== undefined) scheduleRetry(result.retryInMs);
      return;
    }
    // Rows accepted while we released the lane: look once more so none wait for the sweep.
    if (!stopping && (await hasDueDeliveries(deps.db, deps.now()))) again = true;
  };

  const kick = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await runOnce();
        } catch (error) {
          deps.log?.error({ err: error }, 'SMS dispatch failed; trying again shortly');
          scheduleRetry(2000);
        }
      } while (again && !stopping);
    })().finally(() => {
      running = null;
    });
  };

  return {
    kick,
    async drain() {
      stopping = true;
      if (retryTimer) clearTimeout(retryTimer);
      await running;
    },
    async idle() {
      while (running) await running;
    },
  };
}

export async function startDispatchWorker(
  boss: PgBoss,
  deps: TDispatchDeps & { background: boolean },
): Promise<TDispatchQueue & { service: TDispatchService | null }> {
  if (!deps.background) return { wake: async () => {}, drain: async () => {}, service: null };
  const service = createDispatchService(deps);
  await boss.createQueue(DISPATCH_QUEUE);
  await boss.createQueue(SWEEP_QUEUE);
  const workerId = await boss.work(DISPATCH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 2 }, async () => {
    service.kick();
  });
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    if (await hasDueDeliveries(deps.db, deps.now())) service.kick();
  });
  // A restart picks up at once what was queued or in flight.
  service.kick();
  // Every lease period each node looks for work: when the node holding the lane dies, another
  // takes over within two lease periods, even if it was never woken for that send.
  const watchdog = setInterval(() => {
    hasDueDeliveries(deps.db, deps.now())
      .then((due) => due && service.kick())
      .catch((error) => deps.log?.error({ err: error }, 'SMS dispatch watchdog failed'));
  }, deps.config.leaseMs);
  watchdog.unref?.();
  return {
    service,
    async wake() {
      // This node dispatches if it can; the job reaches the others (and outlives a crash here).
      service.kick();
      await boss.send(DISPATCH_QUEUE, {});
      boss.notifyWorker(workerId);
    },
    drain: () => {
      clearInterval(watchdog);
      return service.drain();
    },
  };
}
