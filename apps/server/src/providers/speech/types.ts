// The one interface every speech engine implements: which voices it has per language, and one
// text spoken as WAV or MP3, or a typed error saying whether trying again (or elsewhere) could help.
import type { TLanguageCode } from '@message-station/shared';

export type { TLanguageCode };

export type TSpeechFormat = 'wav' | 'mp3';

export type TVoice = {
  /** `<engine>:<voice name>`, as stored in station_voices, e.g. `google:es-US-Neural2-A`. */
  id: string;
  engine: string;
  /** The engine's own name of the voice. */
  name: string;
};

export type TSynthesisRequest = {
  text: string;
  language: TLanguageCode;
  /** The engine's own voice name (without the `engine:` prefix). */
  voice: string;
  /** The format wanted; an engine may answer in another one it can make (see `formats`). */
  format: TSpeechFormat;
};

export type TSpokenAudio = { bytes: Buffer; format: TSpeechFormat };

/**
 * transient: busy, throttled, down or too slow; the same request may work later.
 * permanent: this engine refused (bad key, quota spent, text rejected); retrying will not help.
 * unsupported: this engine cannot speak this text in this language (no voice, or a script its
 * voice would misread, such as kanji read by espeak-ng as "Chinese letter").
 */
export type TSpeechFailureKind = 'transient' | 'permanent' | 'unsupported';

/** Why, when the server answers with a code of its own rather than the engine's words. */
export type TSpeechFailureReason = 'missing' | 'timeout' | 'chinese_characters';

export class SpeechError extends Error {
  constructor(
    readonly kind: TSpeechFailureKind,
    /** Plain words, fit to show an operator; never holding an API key. */
    message: string,
    readonly details: {
      engine?: string;
      status?: number;
      reason?: TSpeechFailureReason;
      /** How long the engine asked to be left alone (its Retry-After), in seconds. */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

export type TSpeechEngine = {
  /** Name in configuration (SPEECH_PROVIDERS), the prefix of its voice ids. */
  readonly name: string;
  /** How people call it, e.g. 'Google Cloud Text-to-Speech'. */
  readonly label: string;
  /** Formats it can answer in, the preferred first; others are converted with lame. */
  readonly formats: readonly TSpeechFormat[];
  /** Its voices for a language, best first; empty when it has none. */
  voices(language: TLanguageCode): string[];
  synthesize(request: TSynthesisRequest): Promise<TSpokenAudio>;
};

export function voiceId(engine: string, name: string): string {
  return `${engine}:${name}`;
}
