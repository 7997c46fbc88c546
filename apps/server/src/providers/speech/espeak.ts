// espeak-ng, the offline voice: every language, robotic, installed with the server. It cannot read
// Chinese characters in Japanese (kanji) or Korean (hanja): it says "Chinese letter" for each one
// and garbles the kana around them, so such text is refused rather than spoken as nonsense.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ESPEAK_VOICE_PREFERENCES, languageName } from '@message-station/shared';
import { runTool } from './run-tool.js';
import { withScratchDir } from './scratch.js';
import { SpeechError, type TLanguageCode, type TSpeechEngine } from './types.js';

export const SPEECH_UNAVAILABLE = 'Speech is not available on this server (espeak-ng is not installed).';

/** Languages whose espeak-ng voice misreads Chinese characters; Chinese itself reads them well. */
const READS_NO_CHINESE_CHARACTERS: ReadonlySet<TLanguageCode> = new Set(['ja', 'ko']);
const CHINESE_CHARACTER = /\p{Script=Han}/u;

/** Whether espeak-ng's voice for `language` reads Chinese characters as "Chinese letter". */
export function espeakMisreadsChineseCharacters(language: TLanguageCode): boolean {
  return READS_NO_CHINESE_CHARACTERS.has(language);
}

/** Whether espeak-ng's voice for `language` would read `text` as "Chinese letter"s. */
export function misreadByEspeak(language: TLanguageCode, text: string): boolean {
  return espeakMisreadsChineseCharacters(language) && CHINESE_CHARACTER.test(text);
}

export type TEspeakConfig = { espeakPath: string; timeoutMs: number; tmpDir?: string };

export function createEspeakEngine(config: TEspeakConfig): TSpeechEngine {
  return {
    name: 'espeak',
    label: 'espeak-ng',
    formats: ['wav'],
    voices: (language) => [...(ESPEAK_VOICE_PREFERENCES[language] ?? [])],
    async synthesize({ text, language, voice }) {
      if (misreadByEspeak(language, text)) {
        throw new SpeechError(
          'unsupported',
          `espeak-ng cannot read ${languageName(language)} text with Chinese characters`,
          { engine: 'espeak', reason: 'chinese_characters' },
        );
      }
      return withScratchDir(config.tmpDir, async (dir) => {
        // The text goes through a file, never the command line: no quoting, no length limit.
        // NFKC turns full-width digits and letters, which espeak-ng skips, into ones it reads.
        const input = path.join(dir, 'text.txt');
        await writeFile(input, text.normalize('NFKC'), 'utf8');
        const wav = path.join(dir, 'speech.wav');
        await runTool(config.espeakPath, ['-v', voice, '-b', '1', '-f', input, '-w', wav], {
          timeoutMs: config.timeoutMs,
          missing: SPEECH_UNAVAILABLE,
          label: 'espeak-ng',
          engine: 'espeak',
        });
        return { bytes: await readFile(wav), format: 'wav' };
      });
    },
  };
}
