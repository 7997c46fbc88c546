// Counts the statements a database client is asked to run, at the driver: every `query` (and, on
// PGlite, every `exec`) of the pool or PGlite instance under Drizzle and executeNamed, so a test
// or a benchmark can say how many round trips a request made. Transactions on PostgreSQL run on a
// checked-out client and are not seen; the reads counted here run on the pool.
import type { Db } from '../db/client.js';

type TCallable = (...args: unknown[]) => unknown;

export type TQueryCounter = {
  /** Statements since the counter was made or last reset. */
  readonly count: number;
  /** The statements' texts since the last reset. */
  readonly texts: string[];
  reset(): void;
  /** Puts the client's methods back. */
  stop(): void;
};

export function countQueries(db: Db): TQueryCounter {
  const client = (db as unknown as { $client: Record<string, TCallable> }).$client;
  const texts: string[] = [];
  const restore: (() => void)[] = [];
  for (const method of ['query', 'exec'] as const) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    const wrapped: TCallable = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      const text =
        typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? String(first));
      texts.push(text);
      return original.apply(this, args);
    };
    client[method] = wrapped;
    restore.push(() => {
      client[method] = original;
    });
  }
  return {
    get count() {
      return texts.length;
    },
    texts,
    reset() {
      texts.length = 0;
    },
    stop() {
      for (const undo of restore) undo();
    },
  };
}
