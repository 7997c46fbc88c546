// Hourly billing check on the job runner: overdue renewals suspend SMS, ended trials lapse.
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import { declareQueue, scheduleQueue, type TQueueName } from '../../platform/job-registry.js';
import { enforcePaymentDeadlines } from './service.js';

export const PAYMENT_DEADLINES_QUEUE = 'billing-payment-deadlines' satisfies TQueueName;

export async function startBillingScheduler(
  boss: PgBoss,
  deps: { db: Db; now: () => Date; log?: { info(details: object, message: string): void } },
) {
  await declareQueue(boss, PAYMENT_DEADLINES_QUEUE);
  // Hourly, so a deadline is acted on within the hour on any node (pg-boss runs it once).
  await scheduleQueue(boss, PAYMENT_DEADLINES_QUEUE);
  await boss.work(PAYMENT_DEADLINES_QUEUE, async () => {
    const result = await enforcePaymentDeadlines(deps.db, deps.now());
    if (result.suspended || result.trialsEnded) deps.log?.info(result, 'payment deadlines applied');
  });
}
