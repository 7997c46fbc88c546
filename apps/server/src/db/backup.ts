// `npm run backup` / `npm run restore`: the database the server would open (DATABASE_URL or
// DATA_DIR) to one file and back. The embedded database is dumped as its data folder (PGlite's
// dumpDataDir, a gzipped tarball; the server must be stopped, as only one process may open it);
// PostgreSQL with pg_dump's custom format while the nodes run, restored with every server stopped.
// A restore holds the texts that were not final in the backup (decision 0055).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Database, openPglite, openPostgres } from './client.js';
import { acquireDataDirLock } from './lock.js';

export class BackupError extends Error {}

/** pg_dump's custom format starts with these bytes; a PGlite backup is a gzipped tar archive. */
const PG_DUMP_MAGIC = 'PGDMP';

function kindOf(file: string): 'postgres' | 'pglite' {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  return head.toString('latin1') === PG_DUMP_MAGIC ? 'postgres' : 'pglite';
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${command} is not installed (Debian: apt-get install postgresql-client)`
            : error.message,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed: ${stderr.trim()}`)),
    );
  });
}

/** Where a backup goes when no file is named: backups/message-station-<kind>-<UTC time>.<ext>. */
export function defaultBackupFile(kind: 'postgres' | 'pglite', at: Date, dir = 'backups'): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return path.join(dir, `message-station-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`);
}

export async function backupDatabase(
  target: { databaseUrl?: string; dataDir: string },
  file: string,
): Promise<{ kind: 'postgres' | 'pglite'; bytes: number }> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const partial = `${file}.partial`;
  if (target.databaseUrl) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`, target.databaseUrl]);
  } else {
    if (!fs.existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
      throw new BackupError(`There is no database in ${target.dataDir} to back up.`);
    }
    // Opening takes the folder's lock: a running server makes this fail with its pid (stop it).
    const database = await openPglite(target.dataDir);
    try {
      const dump = await database.dumpDataDir();
      // The fastest level: most of the folder is empty pages, which any level shrinks.
      fs.writeFileSync(partial, zlib.gzipSync(Buffer.from(await dump.arrayBuffer()), { level: 1 }));
    } finally {
      await database.close();
    }
  }
  // Only a whole backup gets the name: a failure half-way leaves no file that looks like one.
  fs.renameSync(partial, file);
  return { kind: target.databaseUrl ? 'postgres' : 'pglite', bytes: fs.statSync(file).size };
}

/** Schemas the app's database holds (public, Drizzle's journal, pg-boss's jobs): replaced whole. */
const APP_SCHEMAS = ['public', 'drizzle', 'pgboss'];

/** `npm run restore` connects with this name; servers with the pool's (client.ts). */
const SERVER_APPLICATION_NAME = 'message-station';

/**
 * The restore's marker (decision 0055), written with the restored data: the texts that were not
 * final in the backup are then held until an admin decides. The table is created here too, as in
 * migration 0025, for a backup that predates it.
 */
export function restoreMarkerSql(restoreId: string, file: string): string {
  const name = path.basename(file).replace(/[^\w.+-]/g, '_');
  return `CREATE TABLE IF NOT EXISTS public.database_restores (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  restored_at timestamp with time zone DEFAULT now() NOT NULL,
  backup_file text,
  held_at timestamp with time zone,
  held integer DEFAULT 0 NOT NULL
);
INSERT INTO public.database_restores (id, backup_file) VALUES ('${restoreId}', '${name}');
`;
}

/** Runs a PostgreSQL client tool to the end; answers its standard output, or why it failed. */
function runTool(tool: 'psql' | 'pg_restore', args: string[], failure: (stderr: string) => string) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      err += text;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} is not installed (Debian: apt-get install postgresql-client)`
            : error.message,
        ),
      ),
    );
    child.once('close', (code) => (code === 0 ? resolve(out) : reject(new BackupError(failure(err.trim())))));
  });
}

/** Runs one query with psql; answers its rows as tab-separated lines. */
async function psqlQuery(databaseUrl: string, query: string): Promise<string[]> {
  const out = await runTool(
    'psql',
    [
      '--no-psqlrc',
      '--tuples-only',
      '--no-align',
      '--field-separator=\t',
      '--set=ON_ERROR_STOP=1',
      `--command=${query}`,
      databaseUrl,
    ],
    (stderr) => `psql failed: ${stderr}`,
  );
  return out.split('\n').filter(Boolean);
}

/**
 * A restore replaces what running servers read and send from: refused while one is connected
 * (its pool names itself, client.ts) or holds a sending lane.
 */
async function refuseWhileServing(databaseUrl: string) {
  const [connections] = await psqlQuery(
    databaseUrl,
    `select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = '${SERVER_APPLICATION_NAME}'`,
  );
  const lanes = await psqlQuery(
    databaseUrl,
    "select lane from public.sms_dispatch_lanes where to_regclass('public.sms_dispatch_lanes') is not null and lease_until > clock_timestamp()",
  ).catch(() => []);
  if (Number(connections) > 0 || lanes.length > 0) {
    throw new BackupError(
      `A Message Station server is using this database (${Number(connections)} connection(s)${lanes.length ? `, sending on ${lanes.join(', ')}` : ''}). Stop every server before restoring.`,
    );
  }
}

/** The schemas a pg_dump archive creates, from its table of contents. */
async function schemasIn(file: string): Promise<string[]> {
  const toc = await runTool(
    'pg_restore',
    ['--list', file],
    (stderr) => `pg_restore could not read ${file}: ${stderr}`,
  );
  return [...toc.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1] as string);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * What runs before the archive's SQL, in the same transaction: the app's schemas and the
 * archive's are dropped whole (pg-boss's partitioned job table with them), and public is made
 * again as it was (owner, usage for everyone), for the archive does not create it.
 */
function preludeSql(schemas: string[]): string {
  const others = schemas.filter((schema) => schema !== 'public');
  return `BEGIN;
SET LOCAL lock_timeout = '30s';
${others.map((schema) => `DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE;`).join('\n')}
DO $restore$
DECLARE owner name;
BEGIN
  SELECT r.rolname INTO owner FROM pg_namespace n JOIN pg_roles r ON r.oid = n.nspowner WHERE n.nspname = 'public';
  DROP SCHEMA IF EXISTS public CASCADE;
  BEGIN
    EXECUTE format('CREATE SCHEMA public AUTHORIZATION %I', coalesce(owner, current_user));
  EXCEPTION WHEN insufficient_privilege THEN
    CREATE SCHEMA public;
  END;
  GRANT USAGE ON SCHEMA public TO PUBLIC;
END
$restore$;
`;
}

/**
 * PostgreSQL: one transaction replaces the database's contents. psql runs the prelude (drop the
 * schemas), the archive as SQL (pg_restore --file=-) and the restore's marker, then COMMIT, which
 * is written only once pg_restore has read the whole archive: any failure before leaves the
 * database as it was. See decision 0055 for why not `pg_restore --clean`.
 */
async function restorePostgres(databaseUrl: string, file: string, restoreId: string) {
  await refuseWhileServing(databaseUrl);
  const schemas = [...new Set([...APP_SCHEMAS, ...(await schemasIn(file))])];
  await new Promise<void>((resolve, reject) => {
    const psql = spawn(
      'psql',
      ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${databaseUrl}`],
      { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, PGAPPNAME: 'message-station-restore' } },
    );
    const dump = spawn('pg_restore', ['--no-owner', '--file=-', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let psqlErr = '';
    let dumpErr = '';
    let failed: BackupError | null = null;
    const fail = (error: BackupError) => {
      failed ??= error;
      // psql's connection ends without COMMIT: PostgreSQL rolls the transaction back.
      psql.kill('SIGTERM');
      dump.kill('SIGTERM');
    };
    psql.stderr.setEncoding('utf8').on('data', (text: string) => {
      psqlErr += text;
    });
    dump.stderr.setEncoding('utf8').on('data', (text: string) => {
      dumpErr += text;
    });
    // psql stopping early (ON_ERROR_STOP) closes its input: its own exit says why.
    psql.stdin.on('error', () => {});
    for (const [child, name] of [
      [psql, 'psql'],
      [dump, 'pg_restore'],
    ] as const) {
      child.once('error', (error: NodeJS.ErrnoException) =>
        fail(
          new BackupError(
            error.code === 'ENOENT'
              ? `${name} is not installed (Debian: apt-get install postgresql-client)`
              : error.message,
          ),
        ),
      );
    }
    psql.stdin.write(preludeSql(schemas));
    dump.stdout.pipe(psql.stdin, { end: false });
    dump.once('close', (code) => {
      if (code !== 0) return fail(new BackupError(`pg_restore failed: ${dumpErr.trim()}`));
      psql.stdin.end(`${restoreMarkerSql(restoreId, file)}COMMIT;\n`);
    });
    psql.once('close', (code) => {
      if (failed) return reject(failed);
      if (code !== 0) {
        dump.kill('SIGTERM');
        return reject(new BackupError(`The restore failed and changed nothing: ${psqlErr.trim()}`));
      }
      resolve();
    });
  });
}

/**
 * Restores `file` into the database the server would open, with a restore marker (decision 0055),
 * then runs `prepare` on it (the command migrates it and holds its unfinished texts). PostgreSQL:
 * the database's contents are replaced in one transaction; servers must be stopped. Embedded:
 * the backup is unpacked and prepared in a folder beside, then moved into place; a folder that
 * held a database is kept beside as `<DATA_DIR>.before-restore-<time>`, never deleted.
 */
export async function restoreDatabase(
  target: { databaseUrl?: string; dataDir: string },
  file: string,
  at: Date,
  prepare: (database: Database) => Promise<void> = async () => {},
): Promise<{ kind: 'postgres' | 'pglite'; restoreId: string; keptAside?: string }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const kind = kindOf(file);
  const restoreId = randomUUID();
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${file} is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR).`,
      );
    }
    await restorePostgres(target.databaseUrl, file, restoreId);
    const database = await openPostgres(target.databaseUrl);
    try {
      await prepare(database);
    } catch (error) {
      // The data is in place with its marker: the first server to start holds the texts.
      throw new BackupError(
        `The backup was restored, but preparing it failed: ${error instanceof Error ? error.message : String(error)}. Servers migrate and hold its unfinished texts when they start.`,
      );
    } finally {
      await database.close();
    }
    return { kind, restoreId };
  }
  if (kind !== 'pglite') {
    throw new BackupError(`${file} is a PostgreSQL backup: restore it with DATABASE_URL set.`);
  }
  const occupied = fs.existsSync(target.dataDir) && fs.readdirSync(target.dataDir).length > 0;
  // Never replace a folder a running server has open (this throws, naming its pid).
  if (occupied) acquireDataDirLock(target.dataDir).release();
  const staging = `${target.dataDir}.restoring-${stamp}`;
  fs.rmSync(staging, { recursive: true, force: true });
  const tarball = new Blob([zlib.gunzipSync(fs.readFileSync(file))]);
  const restored = await openPglite(staging, { loadDataDir: tarball });
  try {
    await restored.executeSql(restoreMarkerSql(restoreId, file));
    await prepare(restored);
  } catch (error) {
    await restored.close();
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  await restored.close();
  let keptAside: string | undefined;
  if (occupied) {
    acquireDataDirLock(target.dataDir).release();
    keptAside = `${target.dataDir}.before-restore-${stamp}`;
    fs.renameSync(target.dataDir, keptAside);
  } else {
    fs.rmSync(target.dataDir, { recursive: true, force: true });
  }
  fs.renameSync(staging, target.dataDir);
  return { kind, restoreId, keptAside };
}
