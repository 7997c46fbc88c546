// Sign-in limits (decisions 0019, 0054). Every attempt is reserved in the shared store before its
// password is checked, one atomic change per counter, so a burst on any number of nodes checks no
// more passwords than a counter allows; a wrong password keeps its reservation, a right one gives
// it back. Counted, for a browser the account does not know:
// - per account and address (`accountFailures`): what slows one guesser;
// - per address, across accounts (`addressFailures`): one address spraying many accounts;
// - per account, from every unknown device together (`newDeviceFailures`): guesses spread over
//   many addresses.
// A device the account signed in from before (its signed cookie, modules/auth/known-device.ts) is
// counted on its own (`accountFailures`), so no stranger's failures keep the owner out there. A
// completed password reset forgets the account's counters. Past a threshold each further attempt
// waits twice as long, up to a cap; a waiting attempt is refused with 429 and checks nothing.
import type { TRateLimitConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import {
  addressSource,
  attemptDelay,
  type TAttemptPolicy,
  type TRateLimitStore,
  tooMany,
} from '../../platform/rate-limit/index.js';
import { sha256 } from '../../platform/tokens.js';
import { normalizeEmail } from '../users/service.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type TSignInAttempt = {
  email: string;
  ip: string;
  /** The browser's device id when its known-device cookie holds this account, else null. */
  deviceId?: string | null;
};

/** Told once per lock: the failure that brought unknown devices' count to its threshold. */
export type TOnAccountLocked = (email: string) => Promise<void>;

/** The wait after `failures` failures when `threshold` starts the delays; 0 below it. */
export function delayAfter(failures: number, threshold: number, limits: TRateLimitConfig['signIn']): number {
  return attemptDelay(failures, { threshold, delayMs: limits.delayMs, maxDelayMs: limits.maxDelayMs });
}

type TCounted = {
  key: string;
  policy: TAttemptPolicy;
  /** What a correct password does with the reservation: forget the key, or give back only its own. */
  onSuccess: 'clear' | 'release';
  /** The account's count over all unknown devices (its lock emails the owner). */
  newDevices?: true;
};

export function createSignInLimits(deps: {
  store: TRateLimitStore;
  limits: TRateLimitConfig['signIn'];
  now: () => Date;
  onAccountLocked: TOnAccountLocked;
}) {
  const { store, limits } = deps;
  // An account's failures are kept until a day passes without one (or a reset); an address's for
  // an hour. Never less than the longest wait, or a wait could outlive its count.
  const waits = { delayMs: limits.delayMs, maxDelayMs: limits.maxDelayMs };
  const accountMemoryMs = Math.max(DAY_MS, limits.maxDelayMs);
  const addressMemoryMs = Math.max(HOUR_MS, limits.maxDelayMs);
  const accountPrefix = (email: string) => `signin:acct:${sha256(normalizeEmail(email))}:`;

  function countersFor(attempt: TSignInAttempt): TCounted[] {
    const account = accountPrefix(attempt.email);
    const perAccount = { ...waits, threshold: limits.accountFailures, memoryMs: accountMemoryMs };
    if (attempt.deviceId) {
      return [{ key: `${account}device:${attempt.deviceId}`, policy: perAccount, onSuccess: 'clear' }];
    }
    const source = addressSource(attempt.ip);
    // The narrowest first: a guesser kept waiting there touches no counter others share.
    return [
      { key: `${account}ip:${source}`, policy: perAccount, onSuccess: 'clear' },
      {
        key: `${account}new`,
        policy: { ...waits, threshold: limits.newDeviceFailures, memoryMs: accountMemoryMs },
        onSuccess: 'release',
        newDevices: true,
      },
      {
        key: `signin:address:${source}`,
        policy: { ...waits, threshold: limits.addressFailures, memoryMs: addressMemoryMs },
        onSuccess: 'release',
      },
    ];
  }

  type TReserved = TCounted & { hits: number };

  const releaseAll = (reserved: TReserved[], now: Date) =>
    Promise.all(reserved.map((r) => store.release(r.key, r.hits, r.policy.threshold, now)));

  /** Reserves one attempt in every counter, or refuses (429) having reserved none. */
  async function reserve(attempt: TSignInAttempt, now: Date): Promise<TReserved[]> {
    const reserved: TReserved[] = [];
    for (const counted of countersFor(attempt)) {
      const result = await store.reserve(counted.key, counted.policy, now);
      if (!result.taken) {
        await releaseAll(reserved, now);
        const until = result.counter.blockedUntil ?? new Date(now.getTime() + limits.delayMs);
        throw tooMany('sign_in', until, now);
      }
      reserved.push({ ...counted, hits: result.counter.hits });
    }
    return reserved;
  }

  return {
    /**
     * Runs a sign-in under the limits: refused at once while a counter of this attempt waits;
     * otherwise reserved first, then checked. A wrong email or password (401) keeps its
     * reservations; a correct one forgets the account-and-address (or device) count and gives
     * the others back; any other outcome gives them all back.
     */
    async guard<T>(attempt: TSignInAttempt, signIn: () => Promise<T>): Promise<T> {
      const now = deps.now();
      const reserved = await reserve(attempt, now);
      let result: T;
      try {
        result = await signIn();
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          // Exactly one failure sees unknown devices' count reach the threshold, on any node.
          const locking = reserved.find((r) => r.newDevices && r.hits === r.policy.threshold);
          if (locking) await deps.onAccountLocked(normalizeEmail(attempt.email));
        } else {
          await releaseAll(reserved, now);
        }
        throw error;
      }
      await Promise.all(
        reserved.map((r) =>
          r.onSuccess === 'clear'
            ? store.clear(r.key)
            : store.release(r.key, r.hits, r.policy.threshold, now),
        ),
      );
      return result;
    },
    /** After a completed password reset: the account's counters, from every address and device, go. */
    async forgetAccount(email: string) {
      await store.clearPrefix(accountPrefix(email));
    },
  };
}

export type TSignInLimits = ReturnType<typeof createSignInLimits>;
