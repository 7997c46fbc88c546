// Opens the database: embedded PGlite in a data folder (default) or PostgreSQL when DATABASE_URL
// is set. Both run the same generated migrations through Drizzle.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, serverRoot } from '../paths.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import * as schema from './schema/index.js';

export type TSchema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
export type Tx = PgTransaction<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;
/** Either the database or a transaction: what repo functions take first. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** True when this open created a new embedded database folder. */
  created: boolean;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL for libraries that bring their own (the job runner); several statements when no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PostgreSQL only: the pool, for a LISTEN connection of the event bus. */
  pool?: pg.Pool;
};

/** Any number works as long as every node uses the same one. */
const MIGRATION_LOCK_KEY = 7_412_300_001;

export async function openPostgres(url: string): Promise<Database> {
  // Named, so that `npm run restore` can tell a running server (db/backup.ts, decision 0055).
  const pool = new pg.Pool({ connectionString: url, max: 10, application_name: 'message-station' });
  // An idle connection that the server drops (restart, failover) is replaced on the next query;
  // without a listener node-postgres would crash the process over it.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    created: false,
    async migrate() {
      // Several nodes may start together: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    executeSql: (text, values) => pool.query(text, values),
    pool,
    async close() {
      await pool.end();
    },
  };
}

/**
 * The embedded database's memory settings (decision 0029). PGlite runs PostgreSQL in one
 * WebAssembly memory that grows and never shrinks, so every buffer it ever touches stays in the
 * process: initdb's default shared_buffers of 128 MB alone is more than the server needs.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '32MB',
  // A CREATE INDEX or VACUUM on a big table takes this much once; the memory is never given back.
  maintenance_work_mem: '16MB',
  temp_buffers: '4MB',
} as const;

/** Our settings as `-c name=value` options, for initdb and for every start. */
function pgliteSettingOptions(): string[] {
  return Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}

/** PGlite's own start parameters plus ours; they apply to data folders made before them too. */
export function pgliteStartParams(): string[] {
  return [...PGlite.defaultStartParams, ...pgliteSettingOptions()];
}

/**
 * Makes a new data folder (initdb) in a short-lived child process. PGlite's initdb runs a second
 * PostgreSQL instance beside the first and copies its whole memory: 700-800 MB at the peak, of
 * which the server would keep 100-150 MB for good (freed memory the process does not hand back).
 * In a child all of it goes when it exits, so a first start leaves the server as small as a restart.
 */
async function initPgliteDataDir(dataDir: string): Promise<void> {
  const script = [
    "import { PGlite } from '@electric-sql/pglite';",
    'const [dataDir, startParams, initDbStartParams] = process.argv.slice(1).map(JSON.parse);',
    'const db = new PGlite({ dataDir, startParams, initDbStartParams });',
    'await db.waitReady;',
    'await db.close();',
  ].join('\n');
  const args = [
    '--input-type=module',
    '-e',
    script,
    JSON.stringify(path.resolve(dataDir)),
    JSON.stringify(pgliteStartParams()),
    // Written into the folder's postgresql.conf; initdb's own PostgreSQL runs smaller with them too.
    JSON.stringify(pgliteSettingOptions()),
  ];
  // From the server's folder, so that the script finds the same PGlite the server uses.
  const child = spawn(process.execPath, args, { cwd: serverRoot, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the database in ${dataDir}: ${stderr.trim()}`);
}

/** Embedded PGlite with a copy of its data folder at hand (test templates). */
export type PgliteDatabase = Database & {
  /** The data folder as an uncompressed tarball, checkpointed first so that it loads without recovery. */
  dumpDataDir(): Promise<Blob>;
};

/**
 * Embedded PGlite. `dataDir` undefined means in memory (tests). `loadDataDir` starts from a
 * tarball made by dumpDataDir instead of an empty database (no initdb): in memory, or in a data
 * folder that holds no database yet (one that does is opened as it is).
 */
export async function openPglite(
  dataDir?: string,
  options: {
    loadDataDir?: Blob;
    /** In memory, without loadDataDir: initdb's options (test templates: smaller WAL segments). */
    initdbArgs?: string[];
  } = {},
): Promise<PgliteDatabase> {
  let lock: DataDirLock | undefined;
  let created = false;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    created = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  }
  let client: PGlite;
  try {
    const loadDataDir = options.loadDataDir && (!dataDir || created) ? options.loadDataDir : undefined;
    if (dataDir && created && !loadDataDir) await initPgliteDataDir(dataDir);
    // pg_trgm: the SMS Contacts search by name and phone digits uses trigram indexes (0014).
    client = new PGlite({
      dataDir,
      extensions: { pg_trgm },
      startParams: pgliteStartParams(),
      ...(loadDataDir ? { loadDataDir } : {}),
      ...(!dataDir && !loadDataDir && options.initdbArgs ? { initDbStartParams: options.initdbArgs } : {}),
    });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    created,
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query(text, values);
      // Parameterless SQL may hold several statements, which only exec runs. Every statement's
      // rows, in order, as pg-boss asks of a custom db: its retention walk reads its cursor from a
      // statement in the middle of a batch (platform/jobs.test.ts, decision 0072).
      const results = await client.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
    async dumpDataDir() {
      await client.exec('checkpoint');
      return client.dumpDataDir('none');
    },
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
