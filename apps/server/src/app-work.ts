// The background work of a node, by role: a node that works (ROLE all or
// worker) runs translation jobs, SMS dispatch, the schedules and housekeeping; an api node only
// declares the queues it sends to, so the work it accepts waits in the database for any worker.
import type { TAppDeps } from './app-context.js';
import type { TServerRole } from './config.js';
import type { Database } from './db/client.js';
import { startBillingScheduler } from './modules/billing/scheduler.js';
import { DEFAULT_DISPATCH, newDispatcherId } from './modules/delivery/dispatcher.js';
import { resolveLane } from './modules/delivery/lanes.js';
import { dispatchSender, startDispatchWorker, type TDispatchQueue } from './modules/delivery/worker.js';
import {
  declareInboxQueue,
  inboxQueue,
  startInboxWorker,
  type TInboxQueue,
} from './modules/inbox/service.js';
import type { TAgentHub } from './modules/machines/hub.js';
import type { TMessageOutsideParts, TTranslationQueue } from './modules/messages/service.js';
import { declareLockEmailQueue, startRateLimitJobs } from './modules/rate-limits/index.js';
import { declareSchedulesQueue, schedulesQueue, startScheduleWorker } from './modules/schedules/queue.js';
import type { TScheduleQueue } from './modules/schedules/service.js';
import { declareTranslateQueue, translationQueue } from './modules/translation/queue.js';
import type { TStationTranslation } from './modules/translation/station-chains.js';
import { startTranslationWorker } from './modules/translation/worker.js';
import { declareWeatherQueue, startWeatherPoller } from './modules/weather/queue.js';
import { newWebhookWorkerId } from './modules/webhooks/deliver.js';
import { createWebhookPost } from './modules/webhooks/post.js';
import { startWebhookWorker, type TWebhookQueue, webhookSender } from './modules/webhooks/worker.js';
import type { TEventBus } from './platform/event-bus.js';
import type { TJobRunner } from './platform/jobs.js';
import type { TRateLimitStore } from './platform/rate-limit/index.js';
import type { TEmailProvider } from './providers/email/index.js';
import type { TSmsProvider } from './providers/sms/index.js';
import { createNwsClient } from './providers/weather/nws.js';

export type TNodeWork = {
  translationQueue: TTranslationQueue;
  inboxQueue: TInboxQueue;
  dispatch: TDispatchQueue;
  /** Wakes a sweep of due schedules at a schedule's next run. */
  schedules: TScheduleQueue;
  /** Wakes a worker to send due webhook deliveries (a test event, a replay). */
  webhooks: TWebhookQueue;
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
  /** Scheduled runs play on machines wherever they are connected. */
  agents: Pick<TAgentHub, 'command'>;
  rateStore: TRateLimitStore;
  stationTranslation: TStationTranslation;
  /** What a message shows of modules above messages: the weather drafts answer it. */
  messageParts: TMessageOutsideParts;
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
    await declareTranslateQueue(boss, config.translation.timeoutMs);
    await declareLockEmailQueue(boss);
    await declareSchedulesQueue(boss);
    await declareWeatherQueue(boss);
    await declareInboxQueue(boss, config.translation.retryDelaySeconds);
    return {
      translationQueue: translationQueue(
        boss,
        [],
        config.translation.retryDelaySeconds,
        config.translation.timeoutMs,
      ),
      inboxQueue: inboxQueue(boss),
      dispatch: await dispatchSender(boss),
      schedules: schedulesQueue(boss),
      webhooks: await webhookSender(boss),
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
    engineTimeoutMs: config.translation.timeoutMs,
  });
  const inbox = await startInboxWorker(boss, {
    db: database.db,
    events: deps.events,
    translations: deps.stationTranslation,
    now,
    log,
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
    config: {
      ...DEFAULT_DISPATCH,
      ratePerSecond: config.sms.ratePerSecond,
      leaseMs: config.sms.leaseMs,
      lookupWindowMs: config.sms.lookupWindowMs ?? DEFAULT_DISPATCH.lookupWindowMs,
    },
    holder: newDispatcherId(),
    resolve: (lane) => resolveLane(database.db, lane, config.sms.ratePerSecond),
    // Only this process can open an embedded database: a lane held by another id is a dead run's.
    exclusive: database.kind === 'pglite',
    log,
    background: deps.dispatchInBackground ?? true,
  });
  const schedules = await startScheduleWorker(boss, {
    db: database.db,
    email: deps.email,
    publicUrl: config.publicUrl,
    now,
    log,
    play: (stationId, clientId, messageId) => deps.agents.command(stationId, clientId, 'play', messageId),
    async sent(stationId, messageId) {
      await dispatch.wake(stationId);
      await deps.events.publish({ stationId, type: 'sms_progress', data: { message_id: messageId } });
    },
  });
  // National Weather Service alerts drafted as messages: one node polls at a time.
  await startWeatherPoller(boss, {
    db: database.db,
    publicUrl: config.publicUrl,
    nws: createNwsClient({ ...config.weather, log }),
    now,
    events: deps.events,
    translationQueue: queue,
    messageParts: deps.messageParts,
    pollSeconds: config.weather.pollSeconds,
    email: deps.email,
    log,
    async sent(stationId, messageId) {
      await dispatch.wake(stationId);
      await deps.events.publish({ stationId, type: 'sms_progress', data: { message_id: messageId } });
    },
  });
  const webhooks = await startWebhookWorker(boss, {
    db: database.db,
    post: createWebhookPost(config.webhooks),
    email: deps.email,
    sessionSecret: config.sessionSecret,
    publicUrl: config.publicUrl,
    now,
    holder: newWebhookWorkerId(),
    timeoutMs: config.webhooks.timeoutMs,
    log,
    // Tests that drive the dispatcher by hand drive the webhook deliveries by hand too.
    background: deps.dispatchInBackground ?? true,
  });
  return { translationQueue: queue, inboxQueue: inbox, dispatch, schedules, webhooks, runs: true };
}
