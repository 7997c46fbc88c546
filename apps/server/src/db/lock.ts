// PGlite has no server to arbitrate access: two processes on one data folder would corrupt it.
// A lock file holding the owner's pid keeps a second process out with a clear message.
import fs from 'node:fs';
import path from 'node:path';

export type DataDirLock = { path: string; release(): void };

export class DataDirLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, 'message-station.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      return {
        path: lockPath,
        release() {
          if (released) return;
          released = true;
          fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is already in use by another Message Station process (pid ${owner}). ` +
            'Stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
        );
      }
      // Left behind by a process that is gone: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${lockPath}`);
}
