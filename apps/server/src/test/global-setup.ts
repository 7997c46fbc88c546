// Once per test run of an API project: migrated template databases that each test file copies
// (test/db.ts) instead of creating, migrating and seeding its own. Two templates: migrated only,
// and migrated with the demo seed; both hold pg-boss's schema too. PGlite: the data folder dumped
// to a tarball in a temporary folder, loaded per file (and the migrated one as a data folder too,
// copied for a server process). PostgreSQL: template databases with a
// random name (runs side by side never share one), copied per file with CREATE DATABASE … TEMPLATE
// while nothing is connected to them. All are removed when the run ends.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, openPglite, openPostgres } from '../db/client.js';
import { seedDemo } from '../db/seed.js';
import { installJobSchema } from '../platform/jobs.js';
import { adminQuery, TEST_CONFIG_ENV, type TTestDbTemplates } from './db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    testDbTemplates: TTestDbTemplates;
  }
}

/**
 * What both templates hold: the migrations, pg-boss's tables, and the queues the app declares
 * when it starts (an app built once and closed again). Each queue is a table of its own: made
 * here once, a test app's start finds them instead of creating seven tables (about 150 ms of CPU
 * per app on PGlite).
 */
async function prepare(database: Database) {
  await database.migrate();
  await installJobSchema(database);
  const app = await buildApp({ config: loadConfig(TEST_CONFIG_ENV), database });
  await app.close();
}

/** The demo seed as createTestApp makes it, for the default public URL it is made with. */
const seedPublicUrl = () => loadConfig(TEST_CONFIG_ENV).publicUrl;

async function pgliteTemplates(): Promise<{ templates: TTestDbTemplates; teardown: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-test-template-'));
  // A file's copy opens in about 310 ms of CPU: with WAL segments of 1 MB instead of 16 (below),
  // and without the two template databases, which no test uses (40 MB and 490 ms with both).
  const database = await openPglite(undefined, { initdbArgs: ['--wal-segsize=1'] });
  try {
    await prepare(database);
    await database.executeSql(
      "update pg_database set datistemplate = false where datname in ('template0', 'template1')",
    );
    await database.executeSql('drop database template0');
    await database.executeSql('drop database template1');
    const migrated = path.join(dir, 'migrated.tar');
    const migratedDump = await database.dumpDataDir();
    fs.writeFileSync(migrated, Buffer.from(await migratedDump.arrayBuffer()));
    // The same as a data folder on disk, for tests that start the real server on a copy of it.
    const migratedDataDir = path.join(dir, 'migrated-data');
    await (await openPglite(migratedDataDir, { loadDataDir: migratedDump })).close();
    const publicUrl = seedPublicUrl();
    await seedDemo(database.db, publicUrl);
    const seeded = path.join(dir, 'seeded.tar');
    fs.writeFileSync(seeded, Buffer.from(await (await database.dumpDataDir()).arrayBuffer()));
    return {
      templates: { kind: 'pglite', migrated, seeded, seedPublicUrl: publicUrl, migratedDataDir },
      teardown: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

async function postgresTemplates(): Promise<{ templates: TTestDbTemplates; teardown: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const migrated = `ms_template_${randomBytes(6).toString('hex')}`;
  const seeded = `${migrated}_seeded`;
  const teardown = async () => {
    await adminQuery(baseUrl, `drop database if exists ${seeded} with (force)`);
    await adminQuery(baseUrl, `drop database if exists ${migrated} with (force)`);
  };
  const fill = async (name: string, work: (database: Database) => Promise<void>) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    try {
      await work(database);
    } finally {
      // A template is copied only while no connection is open to it.
      await database.close();
    }
  };
  try {
    await adminQuery(baseUrl, `create database ${migrated}`);
    await fill(migrated, prepare);
    await adminQuery(baseUrl, `create database ${seeded} template ${migrated}`);
    const publicUrl = seedPublicUrl();
    await fill(seeded, async (database) => {
      await seedDemo(database.db, publicUrl);
    });
    return { templates: { kind: 'postgres', migrated, seeded, seedPublicUrl: publicUrl }, teardown };
  } catch (error) {
    await teardown();
    throw error;
  }
}

export default async function setup(project: TestProject) {
  const started = performance.now();
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  const { templates, teardown } = onPostgres ? await postgresTemplates() : await pgliteTemplates();
  project.provide('testDbTemplates', templates);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`[${project.name}] template databases ready in ${seconds} s`);
  return teardown;
}
