// The offline engine's share of the node's CPU (decision 0059): at most `size` offline
// translations run at once (default: one per core but one, so the server keeps a core), and
// whoever waits is served highest priority first (emergencies and weather auto-sends before the
// rest), in arrival order within a priority. A waiter whose request is given up (its job's
// deadline) leaves the line without running.
import os from 'node:os';
import { TranslationError } from './types.js';

export type TOfflinePoolStats = {
  /** Running now. */
  running: number;
  /** Waiting for a slot now. */
  waiting: number;
  /** The most that ever ran at once. */
  peak: number;
};

export type TOfflinePool = {
  readonly size: number;
  /** Runs `work` when a slot is free: higher `priority` first, then first come first served. */
  run<T>(work: () => Promise<T>, options?: { priority?: number; signal?: AbortSignal }): Promise<T>;
  stats(): TOfflinePoolStats;
};

/** One per core but one, never under one: what the node may spend on offline engines. */
export function defaultOfflinePoolSize(cores = os.availableParallelism?.() ?? os.cpus().length): number {
  return Math.max(1, cores - 1);
}

type TWaiter = { priority: number; seq: number; start: () => void; leave: () => void };

export function createOfflinePool(size = defaultOfflinePoolSize()): TOfflinePool {
  const slots = Math.max(1, Math.floor(size));
  let running = 0;
  let peak = 0;
  let seq = 0;
  const waiting: TWaiter[] = [];

  const next = () => {
    while (running < slots && waiting.length > 0) {
      // Highest priority first; within a priority, the one that came first.
      let best = 0;
      for (let i = 1; i < waiting.length; i++) {
        const a = waiting[i] as TWaiter;
        const b = waiting[best] as TWaiter;
        if (a.priority > b.priority || (a.priority === b.priority && a.seq < b.seq)) best = i;
      }
      const [waiter] = waiting.splice(best, 1);
      waiter?.start();
    }
  };

  return {
    size: slots,
    run(work, options = {}) {
      const { signal } = options;
      if (signal?.aborted) return Promise.reject(gaveUp());
      return new Promise((resolve, reject) => {
        const waiter: TWaiter = {
          priority: options.priority ?? 0,
          seq: seq++,
          start: () => {
            signal?.removeEventListener('abort', waiter.leave);
            running += 1;
            peak = Math.max(peak, running);
            Promise.resolve()
              .then(work)
              .then(resolve, reject)
              .finally(() => {
                running -= 1;
                next();
              });
          },
          leave: () => {
            const index = waiting.indexOf(waiter);
            if (index < 0) return;
            waiting.splice(index, 1);
            reject(gaveUp());
          },
        };
        signal?.addEventListener('abort', waiter.leave, { once: true });
        waiting.push(waiter);
        next();
      });
    },
    stats: () => ({ running, waiting: waiting.length, peak }),
  };
}

function gaveUp() {
  return new TranslationError('transient', 'The offline engine was busy until the deadline', 'apertium');
}

/** The node's one pool: every local Apertium engine (the operator's and stations') shares it. */
export const offlinePool: TOfflinePool = createOfflinePool();
