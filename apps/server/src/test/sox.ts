// What sox hears in an audio file: its duration and loudness, so a test can tell speech (or a tone)
// from an empty or silent file.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Duration in seconds and RMS amplitude (0–1) of WAV or MP3 bytes, as sox measures them. */
export async function measureAudio(bytes: Buffer, extension: 'wav' | 'mp3') {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ms-sox-'));
  try {
    const file = path.join(dir, `audio.${extension}`);
    await writeFile(file, bytes);
    const duration = Number((await run('sox', ['--i', '-D', file])).stdout.trim());
    // `stat` reports on stderr.
    const { stderr } = await run('sox', [file, '-n', 'stat']);
    const rms = Number(/RMS\s+amplitude:\s+([\d.]+)/.exec(stderr)?.[1]);
    return { duration, rms };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
