// A fresh database per test file: in-memory PGlite, or a new PostgreSQL database named
// ms_test_<random> (dropped afterwards) when the suite runs with TEST_DB=postgres. Each is a copy
// of a template the run made once (test/global-setup.ts): migrated, with pg-boss's tables, and
// with the demo seed when asked for. Without the templates (a run that skipped the global setup)
// the database is migrated here as before.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../db/client.js';

/** What the global setup hands to the test files: tarball paths (PGlite) or database names. */
export type TTestDbTemplates = {
  kind: 'pglite' | 'postgres';
  migrated: string;
  seeded: string;
  /** The public URL the seeded template's demo station was made with. */
  seedPublicUrl: string;
  /** PGlite: the migrated template as a data folder, for a server process (createTestDataDir). */
  migratedDataDir?: string;
};

/** The environment createTestApp's configuration comes from (before a test's own overrides). */
export const TEST_CONFIG_ENV = {
  NODE_ENV: 'test',
  DEV_TOOLS: 'true',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent-web-dist',
  // A transient engine failure is retried at once (the default waits 2 s, then 4, then 8).
  TRANSLATION_RETRY_DELAY_SECONDS: '0',
  // No test reaches the real NWS: a test that wants alerts points this at its loopback fake.
  NWS_API_URL: 'http://127.0.0.1:9',
  // The bot check's real proof of work, sized for tests: signup solves one per code (decision
  // 0054), and at the default 100,000 a file of signups spends most of its time hashing.
  ALTCHA_MAX_NUMBER: '2000',
};

export function testDbTemplates(): TTestDbTemplates | undefined {
  const templates = inject('testDbTemplates');
  const kind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  return templates?.kind === kind ? templates : undefined;
}

/**
 * `url` is set on PostgreSQL, so a second app process can open the same database. With `seeded`
 * the copy holds the demo seed made for `templates.seedPublicUrl`; callers check that it fits.
 */
export async function createTestDatabase(
  options: { seeded?: boolean } = {},
): Promise<Database & { url?: string }> {
  const templates = testDbTemplates();
  const template = templates && (options.seeded ? templates.seeded : templates.migrated);
  if (options.seeded && !template) throw new Error('no seeded template database in this run');
  if (process.env.TEST_DB !== 'postgres') {
    if (template) return openPglite(undefined, { loadDataDir: new Blob([fs.readFileSync(template)]) });
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ms_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    baseUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  if (!template) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A new PGlite data folder for a server process (DATA_DIR) or openPglite: a copy of the run's
 * migrated template, so neither initdb nor the migrations run again (about 6 CPU-seconds each
 * time). Without the templates it is empty, and whoever opens it first creates the database. The
 * caller removes it.
 */
export function createTestDataDir(prefix = 'ms-test-data-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = testDbTemplates()?.migratedDataDir;
  if (template) fs.cpSync(template, dir, { recursive: true });
  return dir;
}
