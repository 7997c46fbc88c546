// An ordered chain of speech engines, as configured (e.g. google, then espeak): a text is spoken by
// the voice a station chose for its language, or else by the first engine that has a voice for
// it; when that fails, the next engine's voice is tried. Failing everywhere is one error that names
// each engine's reason.
import { languageName } from '@message-station/shared';
import {
  SpeechError,
  type TLanguageCode,
  type TSpeechEngine,
  type TSpeechFormat,
  type TSpokenAudio,
  type TVoice,
  voiceId,
} from './types.js';

export type TSpeakRequest = {
  text: string;
  language: TLanguageCode;
  /** The chosen voice id (`engine:name`); null or unknown here means the chain's default. */
  voice?: string | null;
  format: TSpeechFormat;
  /** Only the chosen voice, no other (a "Listen" sample must be the voice asked for). */
  exactVoice?: boolean;
};

export type TSpeechChain = {
  readonly engines: readonly TSpeechEngine[];
  voices(language: TLanguageCode): TVoice[];
  /** The voice a language gets when the station chose none: the first engine's first. */
  defaultVoice(language: TLanguageCode): TVoice | null;
  findVoice(language: TLanguageCode, id: string): TVoice | null;
  speak(request: TSpeakRequest): Promise<TSpokenAudio>;
};

function asSpeechError(error: unknown, engine: string): SpeechError {
  if (error instanceof SpeechError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new SpeechError('transient', `${engine} failed: ${message}`, { engine });
}

/** Several engines' failures as one: retry-worthy if any was, its reason kept when all agree. */
function combine(failures: SpeechError[]): SpeechError {
  if (failures.length === 1) return failures[0] as SpeechError;
  const kind = failures.some((f) => f.kind === 'transient')
    ? 'transient'
    : failures.every((f) => f.kind === 'unsupported')
      ? 'unsupported'
      : 'permanent';
  const reasons = new Set(failures.map((f) => f.details.reason));
  const reason = reasons.size === 1 ? [...reasons][0] : undefined;
  return new SpeechError(kind, failures.map((f) => f.message).join('; '), { reason });
}

export function createSpeechChain(engines: TSpeechEngine[]): TSpeechChain {
  const voices = (language: TLanguageCode) =>
    engines.flatMap((engine) =>
      engine.voices(language).map((name) => ({ id: voiceId(engine.name, name), engine: engine.name, name })),
    );
  const findVoice = (language: TLanguageCode, id: string) =>
    voices(language).find((v) => v.id === id) ?? null;

  /** The voices to try, in order: the chosen one, then each other engine's first. */
  function candidates({ language, voice, exactVoice }: TSpeakRequest): TVoice[] {
    const chosen = voice ? findVoice(language, voice) : null;
    if (exactVoice) return chosen ? [chosen] : [];
    const firsts = engines.flatMap((engine) => {
      const [name] = engine.voices(language);
      return name && engine.name !== chosen?.engine
        ? [{ id: voiceId(engine.name, name), engine: engine.name, name }]
        : [];
    });
    return chosen ? [chosen, ...firsts] : firsts;
  }

  return {
    engines,
    voices,
    defaultVoice: (language) => voices(language)[0] ?? null,
    findVoice,
    async speak(request) {
      const tries = candidates(request);
      if (tries.length === 0) {
        const what = request.voice ? `the voice ${request.voice}` : 'a voice';
        throw new SpeechError(
          'unsupported',
          `No speech engine has ${what} for ${languageName(request.language)}`,
        );
      }
      const failures: SpeechError[] = [];
      for (const voice of tries) {
        const engine = engines.find((e) => e.name === voice.engine) as TSpeechEngine;
        const format = engine.formats.includes(request.format)
          ? request.format
          : (engine.formats[0] ?? 'wav');
        try {
          return await engine.synthesize({
            text: request.text,
            language: request.language,
            voice: voice.name,
            format,
          });
        } catch (error) {
          failures.push(asSpeechError(error, engine.label));
        }
      }
      throw combine(failures);
    },
  };
}
