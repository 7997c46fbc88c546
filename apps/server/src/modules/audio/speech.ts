// Speech rendered on the server: espeak-ng to WAV, lame to MP3, a few renders at a time shared
// fairly between stations (fair-queue.ts), each in its own temporary folder that is always removed.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ESPEAK_VOICE_PREFERENCES, type TAudioFormat, type TLanguageCode } from '@message-station/shared';
import type { TSpeechConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { createFairQueue, type TFairQueueLimits } from './fair-queue.js';

/** The espeak-ng voice of each language: the agent's first choice (shared), so both sound alike. */
export const ESPEAK_VOICES = Object.fromEntries(
  Object.entries(ESPEAK_VOICE_PREFERENCES).map(([language, [best]]) => [language, best]),
) as Record<TLanguageCode, string>;

export const SPEECH_UNAVAILABLE = 'Speech is not available on this server (espeak-ng is not installed).';
export const MP3_UNAVAILABLE = 'MP3 export needs the lame encoder on the server; download WAV instead.';
export const SPEECH_TIMED_OUT = 'Rendering the audio took too long. Please try again.';

/** Speech is CPU-bound: more than this many at once would only slow every one of them down. */
export const MAX_RENDERS_AT_ONCE = 2;
/** Renders one station may have waiting (12 downloads in all with the two running). */
export const MAX_WAITING_PER_STATION = 10;
/** Renders waiting across all stations. */
export const MAX_WAITING_IN_TOTAL = 100;

export const AUDIO_CONTENT_TYPES: Record<TAudioFormat, string> = { wav: 'audio/wav', mp3: 'audio/mpeg' };

export type TSpeechRequest = {
  /** Whose turn it is: renders are shared between stations, not first come first served. */
  stationId: string;
  text: string;
  language: TLanguageCode;
  format: TAudioFormat;
};
export type TSpeechRenderer = { render(request: TSpeechRequest): Promise<Buffer> };

export function createSpeechRenderer(
  config: TSpeechConfig,
  options: Partial<TFairQueueLimits> & { tmpDir?: string } = {},
): TSpeechRenderer {
  const queue = createFairQueue({
    slots: options.slots ?? MAX_RENDERS_AT_ONCE,
    waitingPerStation: options.waitingPerStation ?? MAX_WAITING_PER_STATION,
    waitingInTotal: options.waitingInTotal ?? MAX_WAITING_IN_TOTAL,
  });
  const tmpRoot = options.tmpDir ?? os.tmpdir();

  async function render({ text, language, format }: TSpeechRequest) {
    const dir = await mkdtemp(path.join(tmpRoot, 'message-station-speech-'));
    try {
      // The text goes through a file, never the command line: no quoting, no length limit.
      const input = path.join(dir, 'text.txt');
      await writeFile(input, text, 'utf8');
      const wav = path.join(dir, 'speech.wav');
      await runTool(config.espeakPath, ['-v', ESPEAK_VOICES[language], '-b', '1', '-f', input, '-w', wav], {
        timeoutMs: config.timeoutMs,
        missing: SPEECH_UNAVAILABLE,
        label: 'espeak-ng',
      });
      if (format === 'wav') return await readFile(wav);
      const mp3 = path.join(dir, 'speech.mp3');
      await runTool(config.lamePath, ['--quiet', '-V', '4', wav, mp3], {
        timeoutMs: config.timeoutMs,
        missing: MP3_UNAVAILABLE,
        label: 'lame',
      });
      return await readFile(mp3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return { render: (request) => queue.run(request.stationId, () => render(request)) };
}

/** Runs a command to completion; a missing command is a 503, a stuck one is killed. */
function runTool(
  command: string,
  args: string[],
  options: { timeoutMs: number; missing: string; label: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    // Its own process group, so a wrapper script and everything it started die together.
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, options.timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(
        error.code === 'ENOENT' ? new AppError('speech_unavailable', { detail: options.missing }) : error,
      );
    });
    // 'exit', not 'close': a killed group may leave the stderr pipe open a moment longer.
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return reject(new AppError('speech_timed_out'));
      if (code === 0) return resolve();
      const reason =
        stderr.trim().split('\n').pop() || (signal ? `stopped by ${signal}` : `exit code ${code}`);
      reject(new Error(`${options.label} failed: ${reason}`));
    });
  });
}
