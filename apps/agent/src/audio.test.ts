// WAV length from the header (what the silent output waits) and stopping the silent output.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../test-support/binaries.js';
import { silentPlayer } from './audio/player.js';
import { wavDurationSeconds } from './audio/wav.js';

const run = promisify(execFile);
// Every test here reads a WAV that espeak-ng speaks; the durations are checked with sox.
const noTools = skipWithout('espeak-ng', 'sox');
let dir: string;
let wav: string;

beforeAll(async () => {
  if (noTools) return;
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-audio-'));
  wav = path.join(dir, 'speech.wav');
  await run('espeak-ng', ['-v', 'en-us', '-w', wav, 'The library closes early today.']);
});
afterAll(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(noTools)('WAV duration', () => {
  it('matches what sox reads', async () => {
    const { stdout } = await run('sox', ['--i', '-D', wav]);
    expect((await wavDurationSeconds(wav)).toFixed(3)).toBe(Number(stdout).toFixed(3));
  });

  it('reads a streamed file whose header has no final size', async () => {
    const bytes = await fs.readFile(wav);
    const streamed = Buffer.from(bytes);
    streamed.writeUInt32LE(0xffffffff, 40); // espeak-ng's data chunk size sits at byte 40
    const file = path.join(dir, 'streamed.wav');
    await fs.writeFile(file, streamed);
    expect(await wavDurationSeconds(file)).toBeCloseTo(await wavDurationSeconds(wav), 6);
  });

  it('refuses a file that is not a WAV', async () => {
    const file = path.join(dir, 'text.wav');
    await fs.writeFile(file, 'not audio at all');
    await expect(wavDurationSeconds(file)).rejects.toThrow(/not a WAV file/);
  });
});

describe.skipIf(noTools)('silent output', () => {
  it('reports no device and ends with an AbortError when stopped', async () => {
    const player = silentPlayer();
    expect(player.device).toBe('None (silent)');
    const controller = new AbortController();
    const playing = player.play(wav, controller.signal);
    controller.abort();
    await expect(playing).rejects.toMatchObject({ name: 'AbortError' });
  });
});
