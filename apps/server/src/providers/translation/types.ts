// The one interface every translation engine implements: say which language pairs it covers,
// translate one text, or throw a typed error saying whether trying again (or elsewhere) could help.
import type { TEngineTestProblem, TLanguageCode } from '@message-station/shared';
import type { TFetch } from '../../platform/public-fetch.js';

export type { TLanguageCode };

/** One glossary term of the station, resolved for the target language. */
export type TGlossaryEntry = {
  /** As written in the original, matched as a whole word or phrase ignoring case. */
  term: string;
  /** What to write in the target language: the station's words, or the term itself (kept). */
  target: string;
};

export type TTranslationRequest = {
  text: string;
  from: TLanguageCode;
  to: TLanguageCode;
  /** The station's glossary for `to`; every engine applies it in its own way. */
  glossary?: readonly TGlossaryEntry[];
  /**
   * Words every engine keeps exactly as written wherever they occur (ignoring case), such as the
   * station's display name; names, places, times and numbers are found on their own (protect.ts).
   */
  keep?: readonly string[];
  /** Filled by engines that can tell: words of the original they did not know (Apertium). */
  notes?: TTranslationNotes;
  /**
   * Place in line for the node's offline engine (decision 0059): emergencies and weather
   * auto-sends first. Engines across the internet ignore it.
   */
  priority?: number;
  /** Aborted when the caller gave up (its job's deadline): a text still waiting in line leaves it. */
  signal?: AbortSignal;
};

export type TTranslationNotes = {
  unknownWords: string[];
  /** Set by a chain: the engine of the chain that wrote the text (its trust is the station's). */
  engine?: TTranslationProvider;
};

/**
 * transient: busy, throttled, down or too slow; the same request may work later.
 * permanent: this engine refused the request (bad key, quota spent, text rejected); retrying the
 * same engine will not help.
 * unsupported: no engine covers this language pair.
 */
export type TTranslationFailureKind = 'transient' | 'permanent' | 'unsupported';

export class TranslationError extends Error {
  /** What went wrong, in a category the settings page words (bad key, quota, unreachable …). */
  problem?: TEngineTestProblem;
  /** How long the engine asked to be left alone (its Retry-After), in seconds. */
  retryAfterSeconds?: number;

  constructor(
    readonly kind: TTranslationFailureKind,
    /** Plain words, fit to show an operator as the reason a translation failed. */
    message: string,
    /** The engine that failed, when one did. */
    readonly provider?: string,
    /** The engine's HTTP status, when it answered with one. */
    readonly status?: number,
    /**
     * For the operator's log, never for station staff: what would give a pair no engine covers an
     * engine ('set DEEPL_API_KEY or another provider').
     */
    readonly operatorHint?: string,
  ) {
    super(message);
    this.name = 'TranslationError';
  }
}

/**
 * How an engine is built. `station`: the engine is a station's own (Settings → Translation), so its
 * failures point there rather than at the server's environment variables.
 */
export type TEngineOptions = {
  timeoutMs: number;
  station?: boolean;
  /**
   * How a station's own engine is called (platform/public-fetch.ts: no internal address, no
   * redirect; decision 0056); the global fetch otherwise.
   */
  fetch?: TFetch;
};

export type TTranslationProvider = {
  readonly name: string;
  /**
   * What the engine's output depends on besides the request (decision 0059): the engine and the
   * settings that change what it writes (its address, its model). The translation memory reuses a
   * text only for the same value; an engine without one is never remembered.
   */
  readonly memoryKey?: string;
  /** Whether this engine can translate from → to. May ask the engine (installed pairs, languages). */
  supports(from: TLanguageCode, to: TLanguageCode): boolean | Promise<boolean>;
  translate(request: TTranslationRequest): Promise<string>;
};
