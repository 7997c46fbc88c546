// Linux (and anywhere it is installed): espeak-ng. Voices come from `espeak-ng --voices`; the
// voice is named by its language column, which is what `-v` takes. The text is prepared as the
// server prepares it (packages/shared espeak-text.ts): Japanese kanji read into kana by the
// Japanese dictionary, numbers and times written out in Japanese, Korean and Mandarin, and text
// espeak-ng would read as "Chinese letter" refused with the reason, never spoken.
import {
  ESPEAK_VOICE_PREFERENCES,
  prepareEspeakTextWith,
  type TJapaneseReader,
  type TLanguageCode,
} from '@message-station/shared';
import type { TSystem } from '../system.js';
import {
  noVoiceReason,
  pickByLocale,
  renderThroughTextFile,
  type TSpeechEngine,
  type TVoice,
  type TVoicePick,
} from './engine.js';
import { defaultJapaneseReader } from './japanese-dictionary.js';

/**
 * Lines of `espeak-ng --voices` after the header:
 * ' 5  es-419          --/M      Spanish_(Latin_America) roa/es-419           (es-mx 6)(es 6)'.
 * The voice's name for `-v` is the language column; its locale is the same.
 */
export function parseEspeakVoices(output: string): TVoice[] {
  const seen = new Set<string>();
  const voices: TVoice[] = [];
  for (const line of output.split(/\r?\n/)) {
    const columns = line.trim().split(/\s+/);
    const [priority, language] = columns;
    if (!priority || !language || !/^\d+$/.test(priority) || seen.has(language)) continue;
    seen.add(language);
    voices.push({ name: language, locale: language });
  }
  return voices;
}

export function espeakVoiceFor(language: string, installed: TVoice[]): TVoicePick {
  const voice = pickByLocale(installed, [...(ESPEAK_VOICE_PREFERENCES[language as TLanguageCode] ?? [])]);
  if (voice) return { voice };
  if (language === 'zh') {
    return {
      reason:
        'espeak-ng has no cmn-latn-pinyin voice (Mandarin). Install espeak-ng 1.51 or later; its plain cmn voice reads tone numbers aloud.',
    };
  }
  return { reason: noVoiceReason(language, 'Install the full espeak-ng package (espeak-ng-data).') };
}

/** The text espeak-ng is given for `text`; throws the reason when it cannot read it. */
export async function espeakText(reader: TJapaneseReader | null, language: string, text: string) {
  const prepared = await prepareEspeakTextWith(reader, language, text);
  if (!prepared.ok) throw new Error(`${prepared.message}.`);
  return prepared.text;
}

export function espeakEngine(
  system: TSystem,
  command = 'espeak-ng',
  reader: TJapaneseReader | null = defaultJapaneseReader(),
): TSpeechEngine {
  return {
    name: 'espeak-ng',
    async listVoices() {
      const result = await system.run(command, ['--voices'], { timeoutMs: 30_000 });
      return result.code === 0 ? parseEspeakVoices(result.stdout) : [];
    },
    voiceFor: espeakVoiceFor,
    async render(input) {
      const text = await espeakText(reader, input.language, input.text);
      return renderThroughTextFile(
        { ...input, text },
        (textPath) =>
          system.run(command, ['-v', input.voice, '-b', '1', '-w', input.wavPath, '-f', textPath], {
            signal: input.signal,
          }),
        'espeak-ng',
      );
    },
  };
}
