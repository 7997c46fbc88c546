// Sign-in limits (decision 0019): only failed attempts count, per account (whatever address they
// come from) and per address; past a threshold each further failure doubles the wait, up to a cap.
// While an account or address waits, every attempt is refused with 429, the right password too.
import type { TRateLimitConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { type TRateLimitStore, tooMany } from '../../platform/rate-limit/index.js';
import { sha256 } from '../../platform/tokens.js';
import { normalizeEmail } from '../users/service.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type TSignInAttempt = { email: string; ip: string };

/** Told once per lock: the failure that reached the account's threshold. */
export type TOnAccountLocked = (email: string) => Promise<void>;

/** The wait after `failures` failures when `threshold` starts the delays; 0 below it. */
export function delayAfter(failures: number, threshold: number, limits: TRateLimitConfig['signIn']): number {
  if (failures < threshold) return 0;
  const doublings = Math.min(failures - threshold, 40);
  return Math.min(limits.delayMs * 2 ** doublings, limits.maxDelayMs);
}

export function createSignInLimits(deps: {
  store: TRateLimitStore;
  limits: TRateLimitConfig['signIn'];
  now: () => Date;
  onAccountLocked: TOnAccountLocked;
}) {
  const { store, limits } = deps;
  // An account's failures are kept until a day passes without one (or it signs in); an address's
  // for an hour. Never less than the longest wait, or a wait could outlive its count.
  const accountMemoryMs = Math.max(DAY_MS, limits.maxDelayMs);
  const addressMemoryMs = Math.max(HOUR_MS, limits.maxDelayMs);
  const accountKey = (email: string) => `signin:account:${sha256(normalizeEmail(email))}`;
  const addressKey = (ip: string) => `signin:address:${ip}`;

  async function assertAllowed(attempt: TSignInAttempt, now: Date) {
    const [account, address] = await Promise.all([
      store.read(accountKey(attempt.email), now),
      store.read(addressKey(attempt.ip), now),
    ]);
    const until = [account?.blockedUntil, address?.blockedUntil]
      .filter((at): at is Date => Boolean(at && at > now))
      .sort((a, b) => b.getTime() - a.getTime())[0];
    if (until) throw tooMany('sign_in', until, now);
  }

  async function recordFailure(attempt: TSignInAttempt, now: Date) {
    const counted = [
      { key: accountKey(attempt.email), memoryMs: accountMemoryMs, threshold: limits.accountFailures },
      { key: addressKey(attempt.ip), memoryMs: addressMemoryMs, threshold: limits.addressFailures },
    ];
    const [account] = await Promise.all(
      counted.map(async ({ key, memoryMs, threshold }) => {
        const counter = await store.hit(key, memoryMs, now, { extend: true });
        const wait = delayAfter(counter.hits, threshold, limits);
        if (wait > 0) await store.block(key, new Date(now.getTime() + wait), now);
        return counter;
      }),
    );
    // Exactly one failure sees the count reach the threshold, on whichever node it came.
    if (account?.hits === limits.accountFailures) await deps.onAccountLocked(normalizeEmail(attempt.email));
  }

  return {
    /**
     * Runs a sign-in under the limits: refused at once while the account or address waits; a
     * wrong email or password (401) counts; a correct password clears the account's count.
     */
    async guard<T>(attempt: TSignInAttempt, signIn: () => Promise<T>): Promise<T> {
      const now = deps.now();
      await assertAllowed(attempt, now);
      try {
        const result = await signIn();
        await store.clear(accountKey(attempt.email));
        return result;
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) await recordFailure(attempt, now);
        throw error;
      }
    },
  };
}

export type TSignInLimits = ReturnType<typeof createSignInLimits>;
