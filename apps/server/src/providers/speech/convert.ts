// WAV ⇄ MP3 with lame, for an engine that answers in the other format than the one asked for.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool } from './run-tool.js';
import { withScratchDir } from './scratch.js';
import type { TSpeechFormat, TSpokenAudio } from './types.js';

export const MP3_UNAVAILABLE = 'MP3 export needs the lame encoder on the server; download WAV instead.';
export const MP3_DECODE_UNAVAILABLE =
  'This voice answers in MP3; a WAV download needs the lame encoder on the server. Download MP3 instead.';

export type TConvertConfig = { lamePath: string; timeoutMs: number; tmpDir?: string };

export async function convertAudio(
  config: TConvertConfig,
  audio: TSpokenAudio,
  format: TSpeechFormat,
): Promise<Buffer> {
  if (audio.format === format) return audio.bytes;
  return withScratchDir(config.tmpDir, async (dir) => {
    const input = path.join(dir, `in.${audio.format}`);
    const output = path.join(dir, `out.${format}`);
    await writeFile(input, audio.bytes);
    const args =
      format === 'mp3' ? ['--quiet', '-V', '4', input, output] : ['--quiet', '--decode', input, output];
    await runTool(config.lamePath, args, {
      timeoutMs: config.timeoutMs,
      missing: format === 'mp3' ? MP3_UNAVAILABLE : MP3_DECODE_UNAVAILABLE,
      label: 'lame',
    });
    return readFile(output);
  });
}
