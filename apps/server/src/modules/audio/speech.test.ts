import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESPEAK_VOICE_PREFERENCES } from '@message-station/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import { createSpeechRenderer, MP3_UNAVAILABLE, SPEECH_TIMED_OUT, SPEECH_UNAVAILABLE } from './speech.js';

const run = promisify(execFile);
const workDir = await mkdtemp(path.join(os.tmpdir(), 'ms-speech-test-'));
afterAll(() => rm(workDir, { recursive: true, force: true }));

/** A folder of its own for the renderer's temporary files, so a test can see them go. */
async function tmpRoot() {
  const dir = await mkdtemp(path.join(workDir, 'tmp-'));
  return dir;
}

/** A stand-in for espeak-ng: a shell script; its last argument is the WAV it must write. */
async function fakeEngine(name: string, body: string) {
  const file = path.join(workDir, name);
  await writeFile(file, `#!/bin/sh\nfor last; do :; done\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

const real = { providers: ['espeak' as const], espeakPath: 'espeak-ng', lamePath: 'lame', timeoutMs: 30_000 };
const request = { stationId: 'station-a', text: 'Stay indoors.', language: 'en', format: 'wav' } as const;

describe('speech renderer', () => {
  const noEspeak = skipWithout('espeak-ng');

  it.skipIf(noEspeak)('has every espeak-ng voice Settings → Voice offers installed', async () => {
    const { stdout } = await run('espeak-ng', ['--voices']);
    const installed = new Set(stdout.split('\n').map((line) => line.trim().split(/\s+/)[1]));
    for (const voice of Object.values(ESPEAK_VOICE_PREFERENCES).flat()) expect(installed).toContain(voice);
  });

  it.skipIf(noEspeak)('reads Chinese characters in Mandarin, not by switching to English', async () => {
    const file = path.join(workDir, 'zh.txt');
    await writeFile(file, '请留在室内，直到晚上九点。');
    const { stdout } = await run('espeak-ng', ['-q', '-x', '-v', ESPEAK_VOICE_PREFERENCES.zh[0], '-f', file]);
    expect(stdout.trim()).not.toBe('');
    expect(stdout).not.toContain('(en)');
  });

  it('passes the text through a file and leaves no temporary files behind', async () => {
    const tmpDir = await tmpRoot();
    const engine = await fakeEngine(
      'echo-engine',
      'while [ $# -gt 0 ]; do [ "$1" = -f ] && cp "$2" "$last"; shift; done',
    );
    const text = `"$(rm -rf /)" ; \`reboot\` -- 'quotes' and ünïcödé`;
    const speech = createSpeechRenderer({ ...real, espeakPath: engine }, { tmpDir });
    const bytes = await speech.render({ ...request, text });
    expect(bytes.toString('utf8')).toBe(text);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('runs at most two renders at once; the others wait their turn', async () => {
    const counts = path.join(workDir, 'counts');
    await mkdir(path.join(workDir, 'running'));
    const engine = await fakeEngine(
      'slow-engine',
      [
        `mkdir "${workDir}/running/$$"`,
        `ls "${workDir}/running" | wc -l >> "${counts}"`,
        'sleep 0.3',
        `rmdir "${workDir}/running/$$"`,
        'echo done > "$last"',
      ].join('\n'),
    );
    const speech = createSpeechRenderer({ ...real, espeakPath: engine }, { tmpDir: await tmpRoot() });
    const results = await Promise.all(Array.from({ length: 5 }, () => speech.render(request)));
    expect(results.map((bytes) => bytes.toString().trim())).toEqual(Array(5).fill('done'));
    const seen = (await readFile(counts, 'utf8')).trim().split('\n').map(Number);
    expect(seen).toHaveLength(5);
    expect(Math.max(...seen)).toBe(2);
  });

  it('kills a render that runs past the time limit and cleans up', async () => {
    const tmpDir = await tmpRoot();
    const pidFile = path.join(workDir, 'stuck.pid');
    const engine = await fakeEngine('stuck-engine', `echo $$ > "${pidFile}"\nexec sleep 60`);
    const speech = createSpeechRenderer({ ...real, espeakPath: engine, timeoutMs: 300 }, { tmpDir });
    await expect(speech.render(request)).rejects.toMatchObject({
      statusCode: 503,
      message: SPEECH_TIMED_OUT,
    });
    const pid = Number(await readFile(pidFile, 'utf8'));
    expect(() => process.kill(pid, 0)).toThrow();
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('reports a failing engine with its own words', async () => {
    const tmpDir = await tmpRoot();
    const engine = await fakeEngine('broken-engine', 'echo "Error: voice does not exist" >&2\nexit 1');
    const speech = createSpeechRenderer({ ...real, espeakPath: engine }, { tmpDir });
    await expect(speech.render(request)).rejects.toThrow('espeak-ng failed: Error: voice does not exist');
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it.skipIf(noEspeak)('answers 503 when espeak-ng or lame is not installed', async () => {
    const tmpDir = await tmpRoot();
    const noEspeak = createSpeechRenderer({ ...real, espeakPath: path.join(workDir, 'none') }, { tmpDir });
    await expect(noEspeak.render(request)).rejects.toMatchObject({
      statusCode: 503,
      message: SPEECH_UNAVAILABLE,
    });
    const noLame = createSpeechRenderer({ ...real, lamePath: path.join(workDir, 'none') }, { tmpDir });
    await expect(noLame.render({ ...request, format: 'mp3' })).rejects.toMatchObject({
      statusCode: 503,
      message: MP3_UNAVAILABLE,
    });
    expect((await noLame.render(request)).subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(await readdir(tmpDir)).toEqual([]);
  });
});
