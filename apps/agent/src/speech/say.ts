// macOS: the built-in `say` command. Voices come from `say -v '?'`; a US station hears US English,
// Mexican Spanish and the usual system voice for each other language.
import type { TSystem } from '../system.js';
import {
  noVoiceReason,
  pickByLocale,
  renderThroughTextFile,
  type TSpeechEngine,
  type TVoice,
  type TVoicePick,
} from './engine.js';

/** One line of `say -v '?'`: 'Name (maybe with spaces)   xx_YY    # sample sentence'. */
const VOICE_LINE = /^(.+?)\s+([a-z]{2,3}(?:[_-][A-Za-z0-9]+)*)\s+#/;

export function parseSayVoices(output: string): TVoice[] {
  const voices: TVoice[] = [];
  for (const line of output.split(/\r?\n/)) {
    const match = VOICE_LINE.exec(line.trim());
    if (match?.[1] && match[2]) voices.push({ name: match[1].trim(), locale: match[2] });
  }
  return voices;
}

/** Sound effects, not voices for an announcement. */
const NOVELTY = new Set([
  'Albert',
  'Bad News',
  'Bahh',
  'Bells',
  'Boing',
  'Bubbles',
  'Cellos',
  'Deranged',
  'Good News',
  'Hysterical',
  'Jester',
  'Organ',
  'Pipe Organ',
  'Superstar',
  'Trinoids',
  'Whisper',
  'Wobble',
  'Zarvox',
]);

const PREFERENCES: Record<string, { locales: string[]; names: string[] }> = {
  en: {
    locales: ['en_US', 'en_CA', 'en_GB', 'en_AU', 'en_IE', 'en_IN', 'en_ZA'],
    names: ['Samantha', 'Alex', 'Ava', 'Allison', 'Susan', 'Tom', 'Zoe', 'Evan', 'Nathan'],
  },
  es: {
    locales: ['es_MX', 'es_US', 'es_419', 'es_ES', 'es_AR', 'es_CO', 'es_CL'],
    names: ['Paulina', 'Juan', 'Marisol', 'Mónica', 'Jorge'],
  },
  fr: { locales: ['fr_FR', 'fr_CA', 'fr_BE', 'fr_CH'], names: ['Thomas', 'Amélie', 'Audrey', 'Aurélie'] },
  de: { locales: ['de_DE', 'de_AT', 'de_CH'], names: ['Anna', 'Helena', 'Markus', 'Petra', 'Yannick'] },
  it: { locales: ['it_IT'], names: ['Alice', 'Federica', 'Luca', 'Paola'] },
  pt: { locales: ['pt_BR', 'pt_PT'], names: ['Luciana', 'Felipe', 'Joana', 'Catarina'] },
  zh: {
    locales: ['zh_CN', 'zh_TW', 'zh_HK'],
    names: ['Tingting', 'Ting-Ting', 'Lili', 'Yu-shu', 'Meijia', 'Mei-Jia'],
  },
  ja: { locales: ['ja_JP'], names: ['Kyoko', 'Otoya', 'Hattori', 'O-ren'] },
  ko: { locales: ['ko_KR'], names: ['Yuna', 'Jian', 'Sora'] },
};

/** 'Samantha (Enhanced)' → 'Samantha'; 'Eddy (English (US))' → 'Eddy'. */
const baseName = (name: string) => name.replace(/\s*\(.*\)$/, '');
const quality = (voice: TVoice) =>
  /\(Premium\)/.test(voice.name) ? 0 : /\(Enhanced\)/.test(voice.name) ? 1 : 2;

export function sayVoiceFor(language: string, installed: TVoice[]): TVoicePick {
  const preference = PREFERENCES[language];
  const voice =
    preference &&
    pickByLocale(installed, preference.locales, {
      names: preference.names,
      baseName,
      quality,
      skip: (candidate) => NOVELTY.has(baseName(candidate.name)),
    });
  if (voice) return { voice };
  return {
    reason: noVoiceReason(
      language,
      'Add one in System Settings › Accessibility › Spoken Content › System voice › Manage Voices.',
    ),
  };
}

export function sayEngine(system: TSystem): TSpeechEngine {
  return {
    name: 'macOS say',
    async listVoices() {
      const result = await system.run('say', ['-v', '?'], { timeoutMs: 30_000 });
      return result.code === 0 ? parseSayVoices(result.stdout) : [];
    },
    voiceFor: sayVoiceFor,
    render(input) {
      return renderThroughTextFile(
        input,
        (textPath) =>
          system.run(
            'say',
            ['-v', input.voice, '-o', input.wavPath, '--data-format=LEI16@22050', '-f', textPath],
            {
              signal: input.signal,
            },
          ),
        'say',
      );
    },
  };
}
