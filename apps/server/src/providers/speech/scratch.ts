// A temporary folder for one render's files, always removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export async function withScratchDir<T>(tmpRoot: string | undefined, work: (dir: string) => Promise<T>) {
  const dir = await mkdtemp(path.join(tmpRoot ?? os.tmpdir(), 'message-station-speech-'));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
