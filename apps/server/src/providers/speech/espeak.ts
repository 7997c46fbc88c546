// espeak-ng, the offline voice: every language, robotic, installed with the server. It cannot read
// Chinese characters in Japanese (kanji) or Korean (hanja): it says "Chinese letter" for each one.
// Japanese is therefore read into kana by the Japanese dictionary first (decision 0049, "Japanese read offline"), and
// numbers and times in Japanese, Korean and Mandarin are written out as those languages read them
// (packages/shared espeak-text.ts, shared with the desktop app). What is still unreadable (hanja,
// a kanji the dictionary has no reading for, any kanji without the dictionary) is refused rather
// than spoken as nonsense.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ESPEAK_VOICE_PREFERENCES,
  espeakNeedsJapaneseReader,
  prepareEspeakTextWith,
  type TJapaneseReader,
} from '@message-station/shared';
import { defaultJapaneseReader, japaneseDictionaryDir } from './japanese-reader.js';
import { runTool } from './run-tool.js';
import { withScratchDir } from './scratch.js';
import { SpeechError, type TLanguageCode, type TSpeechEngine } from './types.js';

export const SPEECH_UNAVAILABLE = 'Speech is not available on this server (espeak-ng is not installed).';

const CHINESE_CHARACTER = /\p{Script=Han}/u;

/**
 * Whether espeak-ng's voice for `language` refuses text with Chinese characters: Korean (hanja)
 * always, Japanese only without the dictionary; Mandarin's voice reads the characters themselves.
 */
export function espeakMisreadsChineseCharacters(
  language: TLanguageCode,
  dictionary: string | null = japaneseDictionaryDir(),
): boolean {
  if (language === 'ko') return true;
  return espeakNeedsJapaneseReader(language) && !dictionary;
}

/** Whether espeak-ng would refuse `text` for its Chinese characters (see above). */
export function misreadByEspeak(language: TLanguageCode, text: string): boolean {
  return espeakMisreadsChineseCharacters(language) && CHINESE_CHARACTER.test(text);
}

export type TEspeakConfig = {
  espeakPath: string;
  timeoutMs: number;
  tmpDir?: string;
  /** The Japanese dictionary; null: none (Japanese kanji are refused). Default: kuromoji's. */
  japaneseReader?: TJapaneseReader | null;
};

export function createEspeakEngine(config: TEspeakConfig): TSpeechEngine {
  const reader = config.japaneseReader === undefined ? defaultJapaneseReader() : config.japaneseReader;
  return {
    name: 'espeak',
    label: 'espeak-ng',
    formats: ['wav'],
    voices: (language) => [...(ESPEAK_VOICE_PREFERENCES[language] ?? [])],
    async synthesize({ text, language, voice }) {
      // NFKC (full-width digits and letters, which espeak-ng skips), kanji into kana, numbers.
      const prepared = await prepareEspeakTextWith(reader, language, text);
      if (!prepared.ok) {
        throw new SpeechError('unsupported', prepared.message, {
          engine: 'espeak',
          reason: prepared.reason,
        });
      }
      return withScratchDir(config.tmpDir, async (dir) => {
        // The text goes through a file, never the command line: no quoting, no length limit.
        const input = path.join(dir, 'text.txt');
        await writeFile(input, prepared.text, 'utf8');
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
