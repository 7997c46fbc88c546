// Waiting in API tests without sleeps of our own: both shapes below poll with vi.waitFor.
import { vi } from 'vitest';

const NOT_YET = Symbol('not yet');

/**
 * Reads until `done(value)` holds or `timeoutMs` passes and answers the last value read, so the
 * assertion that follows shows what was there. An error thrown by `read` fails at once.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 15_000, intervalMs = 50 } = {},
): Promise<T> {
  let last = await read();
  if (done(last)) return last;
  try {
    await vi.waitFor(
      async () => {
        last = await read();
        if (!done(last)) throw NOT_YET;
      },
      { timeout: timeoutMs, interval: intervalMs },
    );
  } catch (error) {
    if (error !== NOT_YET) throw error;
  }
  return last;
}

/** Waits until `check()` holds; fails naming `what` after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  { timeoutMs = 60_000, intervalMs = 10 } = {},
): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: intervalMs },
  );
}
