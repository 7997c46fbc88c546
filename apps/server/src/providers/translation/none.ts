// Translation turned off: covers no language pair, so every target fails with a reason.
import { TranslationError, type TTranslationProvider } from './types.js';

export function createNoTranslationProvider(): TTranslationProvider {
  return {
    name: 'none',
    supports: () => false,
    async translate({ from, to }) {
      throw new TranslationError(
        'unsupported',
        `Translation is turned off (no engine for ${from}→${to})`,
        'none',
      );
    },
  };
}
