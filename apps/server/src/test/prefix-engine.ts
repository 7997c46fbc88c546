// A translation engine for tests that need a translation but not a real engine: "[es] text".
import type { TTranslationProvider } from '../providers/translation/types.js';

export const prefixEngine: TTranslationProvider = {
  name: 'fake',
  supports: () => true,
  translate: async ({ text, to }) => `[${to}] ${text}`,
};
