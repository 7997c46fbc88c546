// What the memory benchmarks (bench/pglite-memory.ts, bench/sse-memory.ts) give the server they
// start: the allocator settings `npm start` gives it (scripts/server-env.mjs, decision 0063).
import { serverMemoryEnv } from '../scripts/server-env.mjs';

/**
 * The allocator settings of scripts/server-env.mjs, with BENCH_SERVER_ENV="NAME=value,…" adding or
 * replacing some (an empty value removes one).
 */
export function benchServerEnv(): Record<string, string> {
  const extraEnv = Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  return Object.fromEntries(
    Object.entries({ ...serverMemoryEnv({}), ...extraEnv }).filter(([, value]) => value !== ''),
  );
}
