// An ordered chain of engines, as configured (e.g. deepl, then apertium): each text goes to the
// first engine that covers its language pair; when that engine fails, the next one that covers the
// pair is tried. No engine for the pair is an 'unsupported' failure in words station staff can act
// on (an admin adds an engine in Settings → Translation); what the operator could do instead goes
// with it as `operatorHint`, for the server's log only.
import { languageName } from '@message-station/shared';
import { type TLanguageCode, TranslationError, type TTranslationProvider } from './types.js';

export type TTranslationChainOptions = {
  /** What the operator could do for from → to, e.g. 'set DEEPL_API_KEY or another provider'. */
  hint?: (from: TLanguageCode, to: TLanguageCode) => string;
};

/** The reason a translation failed for want of an engine, as stored and shown to station staff. */
export function noEngineMessage(from: TLanguageCode, to: TLanguageCode): string {
  return `No translation engine covers ${languageName(from)} → ${languageName(to)}. An admin can add one in Settings → Translation.`;
}

function asTranslationError(error: unknown, provider: string): TranslationError {
  if (error instanceof TranslationError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new TranslationError('transient', `${provider} failed: ${message}`, provider);
}

export function createTranslationChain(
  providers: TTranslationProvider[],
  options: TTranslationChainOptions,
): TTranslationProvider {
  return {
    name: providers.map((p) => p.name).join(',') || 'none',

    async supports(from, to) {
      if (from === to) return true;
      let failure: TranslationError | undefined;
      for (const provider of providers) {
        try {
          if (await provider.supports(from, to)) return true;
        } catch (error) {
          failure ??= asTranslationError(error, provider.name);
        }
      }
      // Nothing said yes, and an engine that might have could not be asked: say so, do not guess.
      if (failure) throw failure;
      return false;
    },

    async translate(request) {
      const { text, from, to } = request;
      if (from === to) return text;
      const failures: TranslationError[] = [];
      for (const provider of providers) {
        try {
          if (!(await provider.supports(from, to))) continue;
          const text = await provider.translate(request);
          if (request.notes) request.notes.engine = provider;
          return text;
        } catch (error) {
          const failure = asTranslationError(error, provider.name);
          // A pair the engine turned out not to have is not a failure of the text: try the next.
          if (failure.kind !== 'unsupported') failures.push(failure);
        }
      }
      if (failures.length === 0) {
        throw new TranslationError(
          'unsupported',
          noEngineMessage(from, to),
          undefined,
          undefined,
          options.hint?.(from, to),
        );
      }
      // Every engine that covers the pair failed. Worth retrying later if any failure was transient.
      const kind = failures.some((f) => f.kind === 'transient') ? 'transient' : 'permanent';
      const last = failures[failures.length - 1];
      throw new TranslationError(
        kind,
        failures.map((f) => f.message).join('; '),
        last?.provider,
        last?.status,
      );
    },
  };
}
