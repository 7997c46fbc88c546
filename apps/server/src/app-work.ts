// The background work of a node, by role (ARCHITECTURE §1): a node that works (ROLE all or
// worker) runs translation jobs, SMS dispatch, the schedules and housekeeping; an api node only
// declares the queues it sends to, so the work it accepts waits in the database for any worker.
import type { TAppDeps } from './app-context.js';
import type { TServerRole } from './config.js';
import type { Database } from './db/client.js';
import { startBillingScheduler } from './modules/billing/scheduler.js';
import { DEFAULT_DISPATCH, newDispatcherId } from './modules/delivery/dispatcher.js';
import { resolveLane } from './modules/delivery/lanes.js';
import { dispatchSender, startDispatchWorker, type TDispatchQueue } from './modules/delivery/worker.js';
import type { TTranslationQueue } from './modules/messages/service.js';
import { declareLockEmailQueue, startRateLimitJobs } from './modules/rate-limits/index.js';
import { declareTranslateQueue, translationQueue } from './modules/translation/queue.js';
import type { TStationTranslation } from './modules/translation/station-chains.js';
import { startTranslationWorker } from './modules/translation/worker.js';
import type { TEventBus } from './platform/event-bus.js';
import type { TJobRunner } from './platform/jobs.js';
import type { TRateLimitStore } from './platform/rate-limit/index.js';
import type { TEmailProvider } from './providers/email/index.js';
import type { TSmsProvider } from './providers/sms/index.js';

export type TNodeWork = {
  translationQueue: TTranslationQueue;
  dispatch: TDispatchQueue;
  /** True when this node claims jobs and deliveries (ROLE all or worker). */
  runs: boolean;
};

type TWorkDeps = {
  role: TServerRole;
  config: TAppDeps['config'];
  database: Database;
  jobs: TJobRunner;
  events: TEventBus;
  sms: TSmsProvider;
  email: TEmailProvider;
  rateStore: TRateLimitStore;
  stationTranslation: TStationTranslation;
  now: () => Date;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  dispatchInBackground?: boolean;
};

export const nodeRuns = (role: TServerRole) => role !== 'api';
export const nodeServes = (role: TServerRole) => role !== 'worker';

export async function startNodeWork(deps: TWorkDeps): Promise<TNodeWork> {
  const { config, database, jobs, now, log } = deps;
  const boss = jobs.boss;
  if (!nodeRuns(deps.role)) {
    await declareTranslateQueue(boss);
    await declareLockEmailQueue(boss);
    return {
      translationQueue: translationQueue(boss, [], config.translation.retryDelaySeconds),
      dispatch: await dispatchSender(boss),
      runs: false,
    };
  }
  const queue = await startTranslationWorker(boss, {
    db: database.db,
    events: deps.events,
    translations: deps.stationTranslation,
    now,
    log,
    concurrency: config.translation.concurrency,
    retryDelaySeconds: config.translation.retryDelaySeconds,
  });
  await startBillingScheduler(boss, { db: database.db, now, log });
  await startRateLimitJobs(boss, {
    store: deps.rateStore,
    db: database.db,
    email: deps.email,
    publicUrl: config.publicUrl,
    now,
    log,
  });
  const dispatch = await startDispatchWorker(boss, {
    db: database.db,
    sms: deps.sms,
    events: deps.events,
    now,
    config: { ...DEFAULT_DISPATCH, ratePerSecond: config.sms.ratePerSecond, leaseMs: config.sms.leaseMs },
    holder: newDispatcherId(),
    resolve: (lane) => resolveLane(database.db, lane, config.sms.ratePerSecond),
    // Only this process can open an embedded database: a lane held by another id is a dead run's.
    exclusive: database.kind === 'pglite',
    log,
    background: deps.dispatchInBackground ?? true,
  });
  return { translationQueue: queue, dispatch, runs: true };
}
