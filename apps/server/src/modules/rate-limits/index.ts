// The limits counted in the store every node shares (decision 0019): sign-in failures,
// verification texts and API keys; and the housekeeping that deletes ended counters.
import type { PgBoss } from 'pg-boss';
import type { TRateLimitConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { declareQueue, scheduleQueue, type TQueueName } from '../../platform/job-registry.js';
import { type TRateLimitStore, tooMany } from '../../platform/rate-limit/index.js';
import type { TEmailProvider } from '../../providers/email/index.js';
import { createCodeTextLimits } from './code-texts.js';
import { declareLockEmailQueue, queueLockEmail, startLockEmailWorker } from './lock-email.js';

export { declareLockEmailQueue };

import { createSignInLimits } from './sign-in.js';

export type { TCodeTextLimits } from './code-texts.js';
export type { TSignInLimits } from './sign-in.js';

export const RATE_LIMIT_CLEANUP_QUEUE = 'rate-limits-cleanup' satisfies TQueueName;

export function createRateLimits(deps: {
  store: TRateLimitStore;
  config: TRateLimitConfig;
  db: Db;
  boss: PgBoss;
  now: () => Date;
}) {
  const { store, config, now } = deps;
  return {
    signIn: createSignInLimits({
      store,
      limits: config.signIn,
      now,
      onAccountLocked: (email) => queueLockEmail(deps.boss, deps.db, email),
    }),
    codeTexts: createCodeTextLimits({ store, limits: config.codeTexts, now }),
    /** Counts one request of an API key (after it checked out); 429 past the per-minute limit. */
    async assertApiKeyAllowed(keyId: string) {
      const at = now();
      const result = await store.take(`apikey:${keyId}`, config.apiKeyPerMinute, 60_000, at);
      if (!result.taken) throw tooMany('api_key', result.counter.windowEndsAt, at);
    },
  };
}

export type TRateLimits = ReturnType<typeof createRateLimits>;

/** The lock email's worker, and an hourly sweep of ended counters (pg-boss runs it on one node). */
export async function startRateLimitJobs(
  boss: PgBoss,
  deps: {
    store: TRateLimitStore;
    db: Db;
    email: TEmailProvider;
    publicUrl: string;
    now: () => Date;
    log?: { info(details: object, message: string): void };
  },
) {
  await startLockEmailWorker(boss, deps);
  await declareQueue(boss, RATE_LIMIT_CLEANUP_QUEUE);
  await scheduleQueue(boss, RATE_LIMIT_CLEANUP_QUEUE);
  await boss.work(RATE_LIMIT_CLEANUP_QUEUE, async () => {
    const deleted = await deps.store.deleteExpired(deps.now());
    if (deleted) deps.log?.info({ deleted }, 'ended rate-limit counters deleted');
  });
}
