// Runs the webhook deliveries on a worker node (ROLE all or worker): every few seconds, and at once
// when a request asks (a test event, a replay) through a pg-boss job any worker may take. Claims are
// safe across nodes (deliver.ts); a run at a time per node.

import { WEBHOOK_LOG_DAYS } from '@message-station/shared';
import type { PgBoss } from 'pg-boss';
import { declareQueue, scheduleQueue, type TQueueName } from '../../platform/job-registry.js';
import { deliverDue, type TWebhookDeliverDeps } from './deliver.js';
import { pruneDeliveries } from './repo.js';

export const WEBHOOKS_WAKE_QUEUE = 'webhooks-wake' satisfies TQueueName;
export const WEBHOOKS_PRUNE_QUEUE = 'webhooks-prune' satisfies TQueueName;
const POLL_MS = 3000;

export type TWebhookQueue = {
  /** Asks a worker to send what is due now. */
  wake(): Promise<void>;
  drain(): Promise<void>;
};

/** An api node's side: the job wakes whichever worker takes it. */
export async function webhookSender(boss: PgBoss): Promise<TWebhookQueue> {
  await declareQueue(boss, WEBHOOKS_WAKE_QUEUE);
  return {
    async wake() {
      await boss.send(WEBHOOKS_WAKE_QUEUE, {});
    },
    drain: async () => {},
  };
}

export async function startWebhookWorker(
  boss: PgBoss,
  deps: TWebhookDeliverDeps & { background: boolean },
): Promise<TWebhookQueue> {
  if (!deps.background) return webhookSender(boss);
  let stopping = false;
  let running: Promise<void> | null = null;
  let again = false;
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
          await deliverDue(deps, { stopping: () => stopping });
        } catch (error) {
          deps.log?.error({ err: error }, 'webhook deliveries failed; trying again shortly');
        }
      } while (again && !stopping);
    })().finally(() => {
      running = null;
    });
  };
  await declareQueue(boss, WEBHOOKS_WAKE_QUEUE);
  const workerId = await boss.work(
    WEBHOOKS_WAKE_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async () => kick(),
  );
  // Once an hour, the log forgets finished deliveries older than WEBHOOK_LOG_DAYS.
  await declareQueue(boss, WEBHOOKS_PRUNE_QUEUE);
  await scheduleQueue(boss, WEBHOOKS_PRUNE_QUEUE);
  await boss.work(WEBHOOKS_PRUNE_QUEUE, async () => {
    await pruneDeliveries(deps.db, new Date(deps.now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000));
  });
  const timer = setInterval(kick, POLL_MS);
  timer.unref?.();
  kick();
  return {
    async wake() {
      kick();
      await boss.send(WEBHOOKS_WAKE_QUEUE, {});
      boss.notifyWorker(workerId);
    },
    async drain() {
      stopping = true;
      clearInterval(timer);
      await running;
    },
  };
}
