// Dispatch on the job runner: a job per station whenever a send is accepted, plus a sweep every
// minute that puts back claims of crashed nodes and wakes stations whose held texts are now due
// (quiet hours over, retry backoff over).
import type PgBoss from 'pg-boss';
import {
  dispatchStation,
  reclaimStale,
  stationsWithDueDeliveries,
  type TDispatchDeps,
} from './dispatcher.js';

export const DISPATCH_QUEUE = 'sms-dispatch';
export const SWEEP_QUEUE = 'sms-dispatch-sweep';

export type TDispatchQueue = { wake(stationId: string): Promise<void> };

export async function startDispatchWorker(
  boss: PgBoss,
  deps: TDispatchDeps & { background: boolean },
): Promise<TDispatchQueue> {
  if (!deps.background) return { wake: async () => {} };
  await boss.createQueue(DISPATCH_QUEUE);
  await boss.createQueue(SWEEP_QUEUE);
  const workerId = await boss.work<{ stationId: string }>(
    DISPATCH_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (job) await dispatchStation(deps, job.data.stationId);
    },
  );
  const wake = async (stationId: string) => {
    await boss.send(DISPATCH_QUEUE, { stationId });
    boss.notifyWorker(workerId);
  };
  await boss.schedule(SWEEP_QUEUE, '* * * * *');
  await boss.work(SWEEP_QUEUE, async () => {
    const stale = await reclaimStale(deps);
    if (stale.reclaimed)
      deps.log?.error(
        { reclaimed: stale.reclaimed },
        'SMS claims of a stopped dispatcher put back (possible duplicates)',
      );
    for (const stationId of await stationsWithDueDeliveries(deps.db, deps.now())) await wake(stationId);
  });
  return { wake };
}
