// `npm run backup` / `npm run restore`: the database the server would open (DATABASE_URL or
// DATA_DIR) to one file and back. The embedded database is dumped as its data folder (PGlite's
// dumpDataDir, a gzipped tarball; the server must be stopped, as only one process may open it);
// PostgreSQL with pg_dump's custom format and pg_restore, while the nodes run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { openPglite } from './client.js';
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

/**
 * Restores `file` into the database the server would open. PostgreSQL: pg_restore replaces the
 * objects the backup holds (--clean). Embedded: a folder holding a database is kept beside as
 * `<DATA_DIR>.before-restore-<time>`, never deleted; the server must be stopped.
 */
export async function restoreDatabase(
  target: { databaseUrl?: string; dataDir: string },
  file: string,
  at: Date,
): Promise<{ kind: 'postgres' | 'pglite'; keptAside?: string }> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const kind = kindOf(file);
  if (target.databaseUrl) {
    if (kind !== 'postgres') {
      throw new BackupError(
        `${file} is a backup of the embedded database: restore it without DATABASE_URL (into DATA_DIR).`,
      );
    }
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl}`,
      file,
    ]);
    return { kind };
  }
  if (kind !== 'pglite') {
    throw new BackupError(`${file} is a PostgreSQL backup: restore it with DATABASE_URL set.`);
  }
  let keptAside: string | undefined;
  if (fs.existsSync(target.dataDir) && fs.readdirSync(target.dataDir).length > 0) {
    // Never move a folder a running server has open (this throws, naming its pid).
    acquireDataDirLock(target.dataDir).release();
    keptAside = `${target.dataDir}.before-restore-${at.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target.dataDir, keptAside);
  }
  const tarball = new Blob([zlib.gunzipSync(fs.readFileSync(file))]);
  const restored = await openPglite(target.dataDir, { loadDataDir: tarball });
  try {
    await restored.ping();
  } finally {
    await restored.close();
  }
  return { kind, keptAside };
}
