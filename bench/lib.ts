// What the benchmarks share: whether the local Apertium is installed, the alerts the translation
// benchmarks translate, how a series of timings is summed up, and a fresh database to run on.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.js';
import { adminQuery } from '../apps/server/src/test/db.js';

/** Whether `command` runs here (`apertium -l`, `apertium-apy -h`). */
export function commandRuns(command: string, args: string[]): boolean {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const hasApertium = commandRuns('apertium', ['-l']);

export const SENTENCES = [
  'Please use Oak Avenue while Main Street is closed for repairs.',
  'The school bus will arrive twenty minutes late this morning.',
  'A severe thunderstorm warning is in effect until 9 PM tonight.',
  'The community center opens at noon on Saturday for the food drive.',
  'Water service will be interrupted between 10 AM and 2 PM.',
];

/** Median, p95 and max of a series of milliseconds, as "12.3 / 45.6 / 78.9 ms". */
export function summarize(samples: number[]): { median: number; p95: number; max: number; text: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const median = at(0.5);
  const p95 = at(0.95);
  const max = sorted.at(-1) ?? Number.NaN;
  return { median, p95, max, text: `${median.toFixed(1)} / ${p95.toFixed(1)} / ${max.toFixed(1)} ms` };
}

/** (Re)creates the PostgreSQL database named by `url` (dropped first if it is there); returns its drop. */
export async function recreatePostgresDatabase(url: string): Promise<() => Promise<void>> {
  const name = new URL(url).pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  await adminQuery(adminUrl.toString(), `drop database if exists "${name}" with (force)`);
  await adminQuery(adminUrl.toString(), `create database "${name}"`);
  return () => adminQuery(adminUrl.toString(), `drop database if exists "${name}" with (force)`);
}

/**
 * A fresh, migrated database: the PostgreSQL database named by `pgUrl` (re)created, or, without
 * one, a new PGlite folder under the system temp folder named `dirPrefix`…. Returns it open, the
 * server environment that points at it, and the cleanup that drops or removes it.
 */
export async function openFreshDatabase(
  pgUrl: string | undefined,
  dirPrefix: string,
): Promise<{ database: Database; env: Record<string, string>; cleanup: () => Promise<void> }> {
  let database: Database;
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (pgUrl) {
    cleanup = await recreatePostgresDatabase(pgUrl);
    database = await openPostgres(pgUrl);
    env = { DATABASE_URL: pgUrl };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), dirPrefix));
    database = await openPglite(dir);
    env = { DATA_DIR: dir };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  await database.migrate();
  return { database, env, cleanup };
}
