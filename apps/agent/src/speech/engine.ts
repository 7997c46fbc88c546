// The one interface every text-to-speech engine speaks, and how a voice is chosen per language.
import fs from 'node:fs/promises';
import { LANGUAGE_CODES, languageName } from '@message-station/shared';
import { firstLine, type TRunResult } from '../system.js';

/** An installed voice: its name as the engine takes it and its locale as the engine spells it. */
export type TVoice = { name: string; locale: string };

export type TVoicePick = { voice: string } | { reason: string };

export type TRenderInput = {
  text: string;
  language: string;
  voice: string;
  /** Where the WAV goes; the text is written beside it and removed afterwards. */
  wavPath: string;
  signal?: AbortSignal;
};

export type TSpeechEngine = {
  /** Shown on the status page, e.g. 'espeak-ng'. */
  readonly name: string;
  listVoices(): Promise<TVoice[]>;
  /** The voice to use for a language among the installed ones, or why there is none. */
  voiceFor(language: string, installed: TVoice[]): TVoicePick;
  /** Writes the spoken text as a WAV file; rejects with a readable error. */
  render(input: TRenderInput): Promise<void>;
};

export type TVoiceChoice = {
  /** language code → voice name, for every language this machine can speak. */
  voices: Record<string, string>;
  /** language code → why it cannot be spoken here. */
  missing: Record<string, string>;
};

/** A voice for each product language: the saved choice when still installed, else the engine's pick. */
export function chooseVoices(
  engine: TSpeechEngine,
  installed: TVoice[],
  saved: Record<string, string> = {},
): TVoiceChoice {
  const names = new Set(installed.map((voice) => voice.name));
  const choice: TVoiceChoice = { voices: {}, missing: {} };
  for (const language of LANGUAGE_CODES) {
    const savedVoice = saved[language];
    if (savedVoice && names.has(savedVoice)) {
      choice.voices[language] = savedVoice;
      continue;
    }
    const pick = engine.voiceFor(language, installed);
    if ('voice' in pick) choice.voices[language] = pick.voice;
    else choice.missing[language] = pick.reason;
  }
  return choice;
}

/** 'en_US', 'en-us' and 'en-US' compare equal. */
export function sameLocale(a: string, b: string): boolean {
  return a.replace(/_/g, '-').toLowerCase() === b.replace(/_/g, '-').toLowerCase();
}

export type TPickOptions = {
  /** Preferred voice names, best first; compared with baseName(voice.name). */
  names?: readonly string[];
  baseName?: (name: string) => string;
  /** Lower is better; breaks ties between voices of the same preference (e.g. Premium first). */
  quality?: (voice: TVoice) => number;
  /** Voices never chosen on their own (novelty voices). */
  skip?: (voice: TVoice) => boolean;
};

/**
 * The best voice for a list of locales in order of preference: within a locale, the preferred
 * names first (in their order), then by quality, then alphabetically.
 */
export function pickByLocale(
  installed: TVoice[],
  locales: readonly string[],
  options: TPickOptions = {},
): string | null {
  const names = options.names ?? [];
  const baseName = options.baseName ?? ((name: string) => name);
  const quality = options.quality ?? (() => 0);
  const rank = (voice: TVoice) => {
    const index = names.indexOf(baseName(voice.name));
    return index === -1 ? names.length : index;
  };
  for (const locale of locales) {
    const candidates = installed
      .filter((voice) => sameLocale(voice.locale, locale) && !options.skip?.(voice))
      .sort((a, b) => rank(a) - rank(b) || quality(a) - quality(b) || a.name.localeCompare(b.name));
    if (candidates[0]) return candidates[0].name;
  }
  return null;
}

export function noVoiceReason(language: string, hint: string): string {
  return `No ${languageName(language)} voice is installed. ${hint}`;
}

/**
 * Runs an engine's command with the text in a UTF-8 file beside the WAV (never on a command
 * line), then checks a WAV really came out.
 */
export async function renderThroughTextFile(
  input: TRenderInput,
  run: (textPath: string) => Promise<TRunResult>,
  engineName: string,
): Promise<void> {
  const textPath = `${input.wavPath}.txt`;
  await fs.writeFile(textPath, input.text, 'utf8');
  try {
    const result = await run(textPath);
    if (result.code !== 0) {
      throw new Error(
        `${engineName} could not speak the ${languageName(input.language)} text: ${firstLine(result.stderr) || `exit code ${result.code}`}`,
      );
    }
    const size = await fs.stat(input.wavPath).then(
      (stat) => stat.size,
      () => 0,
    );
    if (size <= 44)
      throw new Error(`${engineName} wrote no audio for the ${languageName(input.language)} text.`);
  } finally {
    await fs.rm(textPath, { force: true });
  }
}
