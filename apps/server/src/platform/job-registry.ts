// Every pg-boss queue and cron schedule of the server, in one list (decision 0069): its name, the
// module that owns it, the file that takes its jobs, its queue options and its schedule. Modules
// declare a queue with declareQueue and schedule one with scheduleQueue, never with pg-boss
// directly, and name it with a constant typed TQueueName, so a queue that is not listed here does
// not compile; job-registry.test.ts checks every queue sent to or worked is declared here.
import type { PgBoss, Queue } from 'pg-boss';

/** pg-boss's queue options, less the name that the registry's key gives. */
export type TQueueOptions = Omit<Queue, 'name'>;

/** What a queue's options depend on at start (the owner passes them to declareQueue). */
export type TQueueSettings = {
  /** The delay before a failed job's first retry (tests make it 0). */
  retryDelaySeconds?: number;
  /** How long a job may be active before it counts as lost. */
  expireInSeconds?: number;
};

export type TJobQueue = {
  /** The module that owns the queue: it sends the jobs and takes them. */
  owner: string;
  /** The file that works the queue's jobs (its handler), from apps/server/src. */
  worker: string;
  /** pg-boss's cron expression when the queue runs on a schedule (one node runs each tick). */
  cron?: string;
  /** Its options; without any, pg-boss's defaults. */
  options?: (settings: TQueueSettings) => TQueueOptions;
};

/** Three retries of a transient failure, the first after the delay, doubling after (translations). */
const retriedTranslation = (delay: number): TQueueOptions => ({
  retryLimit: 3,
  retryDelay: delay,
  retryBackoff: delay > 0,
});

export const JOB_QUEUES = {
  // Delivery: a send wakes a dispatch worker; the sweep catches what a wake missed.
  'sms-dispatch': { owner: 'delivery', worker: 'modules/delivery/worker.ts' },
  'sms-dispatch-sweep': { owner: 'delivery', worker: 'modules/delivery/worker.ts', cron: '* * * * *' },
  // Translation: one job per pending translation, written in the caller's transaction; the
  // sweep queues again what lost its job. Expiry: modules/translation/queue.ts (decision 0056).
  translate: {
    owner: 'translation',
    worker: 'modules/translation/worker.ts',
    options: ({ expireInSeconds }) => ({ ...retriedTranslation(2), expireInSeconds }),
  },
  'translate-sweep': { owner: 'translation', worker: 'modules/translation/worker.ts', cron: '* * * * *' },
  // The inbox's translations of inbound texts (decision 0036).
  'inbox-translate': {
    owner: 'inbox',
    worker: 'modules/inbox/translation-worker.ts',
    options: ({ retryDelaySeconds = 2 }) => retriedTranslation(retryDelaySeconds),
  },
  // Schedules: a delayed job at each schedule's next run, and a sweep every minute.
  'schedules-due': { owner: 'schedules', worker: 'modules/schedules/queue.ts', cron: '* * * * *' },
  // Weather: the poll every minute (chained sooner when the interval is shorter), one auto-send
  // per waiting message; 'stately' keeps one of each queued or active at a time.
  'weather-poll': {
    owner: 'weather',
    worker: 'modules/weather/queue.ts',
    cron: '* * * * *',
    options: () => ({ policy: 'stately' }),
  },
  'weather-auto-send': {
    owner: 'weather',
    worker: 'modules/weather/queue.ts',
    options: () => ({ policy: 'stately' }),
  },
  // Outbound webhooks: a wake per event, and the log pruned hourly.
  'webhooks-wake': { owner: 'webhooks', worker: 'modules/webhooks/worker.ts' },
  'webhooks-prune': { owner: 'webhooks', worker: 'modules/webhooks/worker.ts', cron: '17 * * * *' },
  // Rate limits: ended counters deleted hourly; the email telling a user their sign-in is locked.
  'rate-limits-cleanup': { owner: 'rate-limits', worker: 'modules/rate-limits/index.ts', cron: '17 * * * *' },
  'sign-in-locked-email': { owner: 'rate-limits', worker: 'modules/rate-limits/lock-email.ts' },
  // Billing: overdue renewals and ended trials acted on within the hour.
  'billing-payment-deadlines': {
    owner: 'billing',
    worker: 'modules/billing/scheduler.ts',
    cron: '7 * * * *',
  },
} as const satisfies Record<string, TJobQueue>;

export type TQueueName = keyof typeof JOB_QUEUES;

const queueOf = (name: TQueueName): TJobQueue => JOB_QUEUES[name];

/**
 * How long a job that ended (completed, failed or cancelled) stays in pg-boss's job table. The
 * app's own rows say what is pending, and pg-boss 11 and later keep ended jobs in the one table
 * the translate sweep and /metrics read (pg-boss 10 moved them to an archive after an hour).
 */
export const ENDED_JOB_SECONDS = 86_400;

/** Declares a queue as the registry says (idempotent: every node declares what it sends to). */
export async function declareQueue(boss: PgBoss, name: TQueueName, settings: TQueueSettings = {}) {
  const options = { deleteAfterSeconds: ENDED_JOB_SECONDS, ...queueOf(name).options?.(settings) };
  // pg-boss refuses an option given as undefined (a setting the owner did not pass).
  await boss.createQueue(
    name,
    Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)),
  );
}

/** Puts a queue on its schedule (the registry's cron); one node runs each tick. */
export async function scheduleQueue(boss: PgBoss, name: TQueueName) {
  const { cron } = queueOf(name);
  if (!cron) throw new Error(`queue ${name} has no schedule in the job registry`);
  await boss.schedule(name, cron);
}
