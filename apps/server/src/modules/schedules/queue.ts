// The job that runs due schedules: a delayed job at each schedule's next run (on time to the
// job runner's polling, a couple of seconds), and a sweep every minute for anything it missed.
import type { PgBoss } from 'pg-boss';
import { declareQueue, scheduleQueue, type TQueueName } from '../../platform/job-registry.js';
import { runDueSchedules, type TScheduleRunDeps } from './run.js';
import type { TScheduleQueue } from './service.js';

export const SCHEDULES_DUE_QUEUE = 'schedules-due' satisfies TQueueName;

/** The queue a node sends to (every role), before anything is queued. */
export async function declareSchedulesQueue(boss: PgBoss) {
  await declareQueue(boss, SCHEDULES_DUE_QUEUE);
}

export function schedulesQueue(boss: PgBoss): TScheduleQueue {
  return {
    async wakeAt(at) {
      await boss.send(SCHEDULES_DUE_QUEUE, {}, { startAfter: at });
    },
  };
}

/** Runs due schedules on this node (ROLE all or worker). */
export async function startScheduleWorker(
  boss: PgBoss,
  deps: TScheduleRunDeps & { now: () => Date; log: { info(details: object, message: string): void } },
): Promise<TScheduleQueue> {
  await declareSchedulesQueue(boss);
  await scheduleQueue(boss, SCHEDULES_DUE_QUEUE);
  await boss.work(SCHEDULES_DUE_QUEUE, async () => {
    const runs = await runDueSchedules(deps, deps.now());
    if (runs.length) deps.log.info({ runs }, 'scheduled sends ran');
  });
  return schedulesQueue(boss);
}
