// Export: writes one WAV per language of a message into the export folder, named by the
// broadcast ID template, and an MP3 beside each when lame is installed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { broadcastFileName, languageName, type TAgentMessage } from '@message-station/shared';
import { speakableParts } from './playout.js';
import type { TSpeechEngine, TVoiceChoice } from './speech/engine.js';
import { firstLine, type TSystem } from './system.js';

export type TExportDeps = {
  system: TSystem;
  engine: TSpeechEngine;
  voices: TVoiceChoice;
  exportDir: string;
  /** The machine's IANA time zone for the date and time in the names; the runtime's when omitted. */
  timeZone?: string;
};

export type TExportResult = { exportPath: string; files: string[]; problems: string[] };

export async function exportMessage(deps: TExportDeps, message: TAgentMessage): Promise<TExportResult> {
  const { parts, problems } = speakableParts(message, deps.voices);
  if (parts.length === 0) throw new Error(problems.join(' ') || 'This message has nothing to speak.');

  const exportPath = path.resolve(deps.exportDir);
  try {
    await fs.mkdir(exportPath, { recursive: true });
  } catch (error) {
    throw new Error(`Could not create the export folder ${exportPath}: ${(error as Error).message}`);
  }
  const lame = await deps.system.which('lame');
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-export-'));
  const files: string[] = [];
  try {
    for (const part of parts) {
      const name = (extension: string) =>
        broadcastFileName({
          stationName: message.station_name,
          messageType: message.message_type,
          at: new Date(message.created_at),
          timeZone: deps.timeZone,
          language: part.language,
          extension,
        });
      const wav = path.join(work, name('wav'));
      try {
        await deps.engine.render({ ...part, wavPath: wav });
      } catch (error) {
        problems.push(`Skipped ${languageName(part.language)}: ${(error as Error).message}`);
        continue;
      }
      await place(wav, path.join(exportPath, name('wav')));
      files.push(name('wav'));
      if (!lame) continue;
      const mp3 = path.join(work, name('mp3'));
      const encoded = await deps.system.run(lame, ['--quiet', '-V', '4', wav, mp3]);
      if (encoded.code !== 0) {
        problems.push(
          `No MP3 for ${languageName(part.language)}: lame failed (${firstLine(encoded.stderr)}).`,
        );
        continue;
      }
      await place(mp3, path.join(exportPath, name('mp3')));
      files.push(name('mp3'));
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
  }
  if (files.length === 0) throw new Error(problems.join(' '));
  return { exportPath, files, problems };
}

/** Copies a finished file into the export folder under a temporary name, then renames it: a PA
 * system watching the folder never picks up half a file. */
async function place(from: string, to: string) {
  const partial = `${to}.partial`;
  try {
    await fs.copyFile(from, partial);
    await fs.rename(partial, to);
  } catch (error) {
    await fs.rm(partial, { force: true }).catch(() => {});
    throw new Error(`Could not write ${to}: ${(error as Error).message}`);
  }
}
