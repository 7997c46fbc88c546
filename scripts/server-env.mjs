// The memory allocator of the server processes the project starts (decision 0063): `npm start`
// (scripts/start.mjs), `npm run cluster` and the benchmarks add this to their environment; the
// production image sets the same in its Dockerfile (apps/server/src/deploy-files.test.ts checks
// that they agree). The C library reads these when a process starts, so the server cannot set them
// for itself.
//
// jemalloc, preloaded where the system has it (Debian and Ubuntu: the libjemalloc2 package), gives
// freed memory back to the system after a few seconds. glibc's malloc keeps much of it: at rest
// after a first start on PGlite the server held 300-317 MB on glibc, 251-253 MB on jemalloc.
// MALLOC_CONF=dirty_decay_ms:1000 is jemalloc's: freed pages go back after about a second rather
// than ten (a server just started held 236 MB instead of 358 MB; at rest both 251 MB).
// MALLOC_ARENA_MAX=2 is glibc's, for a system without jemalloc: at most two arenas instead of up
// to eight per core, each thread that allocates otherwise keeping one of its own.
import fs from 'node:fs';
import path from 'node:path';

export const JEMALLOC = 'libjemalloc.so.2';
/** Where distributions install it. */
const LIBRARY_DIRS = [
  '/usr/lib/x86_64-linux-gnu',
  '/lib/x86_64-linux-gnu',
  '/usr/lib/aarch64-linux-gnu',
  '/lib/aarch64-linux-gnu',
  '/usr/lib64',
  '/usr/lib',
  '/usr/local/lib',
];

/** The path of jemalloc on this system, or undefined (not Linux, or not installed). */
export function findJemalloc(dirs = LIBRARY_DIRS) {
  if (process.platform !== 'linux') return undefined;
  return dirs.map((dir) => path.join(dir, JEMALLOC)).find((file) => fs.existsSync(file));
}

/** The allocators' settings (each reads its own); the Dockerfile sets them too. */
export const MALLOC_ENV = Object.freeze({ MALLOC_CONF: 'dirty_decay_ms:1000', MALLOC_ARENA_MAX: '2' });

/**
 * What to add to a server's environment `env`. What the operator set is kept: an LD_PRELOAD
 * already there (`LD_PRELOAD=` with nothing runs glibc's malloc), their MALLOC_CONF and MALLOC_ARENA_MAX.
 * @param {NodeJS.ProcessEnv} env
 * @param {string | null | undefined} jemalloc where jemalloc is (null: nowhere)
 * @returns {Record<string, string>}
 */
export function serverMemoryEnv(env, jemalloc = findJemalloc()) {
  /** @type {Record<string, string>} */
  const added = {};
  if (env.LD_PRELOAD === undefined && jemalloc) added.LD_PRELOAD = jemalloc;
  for (const [name, value] of Object.entries(MALLOC_ENV)) {
    if (env[name] === undefined) added[name] = value;
  }
  return added;
}
