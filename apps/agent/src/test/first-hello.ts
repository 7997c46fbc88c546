// A packaged agent (the script bundle or a single executable) started against the fake server
// until it says hello: what the release tests need to know that an unzipped build really connects,
// and that it reads Japanese kanji with the dictionary it carries.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TAgentInfo, TAgentToServer } from '@message-station/shared';
import { fakeMessage, startFakeServer, TEST_API_KEY, type TFakeServer } from './fake-server.js';

const run = promisify(execFile);

/** The flags that sign `riverside` in to `serverUrl` with silent output and no browser. */
function agentFlags(serverUrl: string) {
  return [
    ...['--server', serverUrl, '--station', 'riverside'],
    ...['--status-port', '0', '--audio-output', 'null', '--no-open'],
  ];
}

type TPackagedInput = { program: string; args?: string[]; cwd?: string; env: NodeJS.ProcessEnv };

/**
 * Runs `program` with `args` plus the sign-in flags (the key in MESSAGE_STATION_API_KEY on top
 * of `env`) until its hello arrives, then `during` (commands through the fake server), then stops
 * it with SIGTERM.
 */
async function withPackagedAgent<T>(
  input: TPackagedInput,
  during: (server: TFakeServer) => Promise<T>,
): Promise<T> {
  const server = await startFakeServer();
  const child = spawn(input.program, [...(input.args ?? []), ...agentFlags(server.url)], {
    cwd: input.cwd,
    env: { ...input.env, MESSAGE_STATION_API_KEY: TEST_API_KEY },
    stdio: 'ignore',
  });
  try {
    await server.hello();
    return await during(server);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await server.close();
  }
}

/** The hello's machine info and the Authorization header the packaged agent connected with. */
export function firstHello(
  input: TPackagedInput,
): Promise<{ info: TAgentInfo; authorization: string | undefined }> {
  return withPackagedAgent(input, async (server) => ({
    info: (await server.hello()).info,
    authorization: server.connections[0]?.headers.authorization,
  }));
}

/**
 * The packaged agent exports a Japanese alert with kanji into `exportDir`: its result and the
 * WAV's path. Its espeak-ng can read the kanji only with the Japanese dictionary it carries.
 */
export function exportJapanese(
  input: TPackagedInput & { exportDir: string },
): Promise<{ result: Extract<TAgentToServer, { type: 'result' }>; wav: string }> {
  const withFolder = { ...input, args: [...(input.args ?? []), '--export-dir', input.exportDir] };
  return withPackagedAgent(withFolder, async (server) => {
    const message = fakeMessage({ id: 'msg-ja', parts: [{ language: 'ja', text: JAPANESE_ALERT.kanji }] });
    const result = await server.result(server.command({ type: 'export', message }));
    return { result, wav: path.join(input.exportDir, result.files?.[0] ?? '') };
  });
}

/** A Japanese alert with kanji, and the same words in kana as they are pronounced. */
export const JAPANESE_ALERT = {
  kanji: '竜巻警報が発令されました。今すぐ頑丈な建物の地下に避難してください。',
  kana: 'たつまき けいほーが はつれい されました。いま すぐ がんじょーな たてものの ちかに ひなん してください。',
};

/**
 * A bin folder in `dir` whose espeak-ng is the real one, except that a render (-w) also writes
 * the phonemes of what it says (-x) to a file: `phonemes()` reads them.
 */
export async function recordingEspeak(
  dir: string,
): Promise<{ bin: string; phonemes: () => Promise<string> }> {
  const real = (await run('sh', ['-c', 'command -v espeak-ng'])).stdout.trim();
  const bin = path.join(dir, 'bin');
  const log = path.join(dir, 'phonemes.txt');
  await fs.mkdir(bin, { recursive: true });
  await fs.writeFile(
    path.join(bin, 'espeak-ng'),
    [
      '#!/bin/sh',
      `case " $* " in *" -w "*) exec "${real}" -x "$@" >> "${log}" ;; esac`,
      `exec "${real}" "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  return { bin, phonemes: () => fs.readFile(log, 'utf8').catch(() => '') };
}

/** espeak-ng's phonemes (-x) without stress, pauses and word breaks: what is said, not how. */
export const sounds = (phonemes: string) => phonemes.replace(/_[:!|]/g, '').replace(/[',\s]/g, '');
/** What espeak-ng says for "Chinese letter" and "Japanese letter" (in its English voice). */
export const LETTER_NAMES = /\(en\)|tS'aIni:z|dZ'ap@ni:z/;

/** The phonemes and the WAV length of `text` read by espeak-ng's `voice` alone. */
export async function espeakAlone(voice: string, text: string, dir: string) {
  const wav = path.join(dir, `alone-${voice}.wav`);
  await run('espeak-ng', ['-v', voice, '-w', wav, text]);
  const phonemes = (await run('espeak-ng', ['-q', '-x', '-v', voice, text])).stdout;
  return { phonemes, seconds: await soxSeconds(wav) };
}

export async function soxSeconds(file: string): Promise<number> {
  return Number((await run('sox', ['--i', '-D', file])).stdout.trim());
}
