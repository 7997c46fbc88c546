// Builds the configured chain of translation engines (TRANSLATION_PROVIDERS, in order).
import type { TTranslationConfig, TTranslationProviderName } from '../../config.js';
import { createApertiumProvider } from './apertium.js';
import { createTranslationChain } from './chain.js';
import { createDeepLProvider } from './deepl.js';
import { createGoogleProvider } from './google.js';
import { createLibreTranslateProvider } from './libretranslate.js';
import { createNoTranslationProvider } from './none.js';
import { createOpenAiProvider } from './openai.js';
import type { TLanguageCode, TTranslationProvider } from './types.js';

export function createTranslationProvider(
  config: TTranslationConfig,
  engines: TTranslationProvider[] = createOperatorEngines(config),
): TTranslationProvider {
  return createTranslationChain(engines, { hint: (from, to) => missingEngineHint(config, from, to) });
}

/** The operator's engines (TRANSLATION_PROVIDERS, in order), each on its own. */
export function createOperatorEngines(config: TTranslationConfig): TTranslationProvider[] {
  const options = { timeoutMs: config.timeoutMs };
  return config.providers.map((name) => createEngine(config, name, options));
}

function createEngine(
  config: TTranslationConfig,
  name: TTranslationProviderName,
  options: { timeoutMs: number },
): TTranslationProvider {
  switch (name) {
    case 'apertium':
      return createApertiumProvider(config.apertium, options);
    case 'libretranslate':
      return createLibreTranslateProvider(need(config.libretranslate, 'LIBRETRANSLATE_URL'), options);
    case 'deepl':
      return createDeepLProvider(need(config.deepl, 'DEEPL_API_KEY'), options);
    case 'google':
      return createGoogleProvider(need(config.google, 'GOOGLE_TRANSLATE_API_KEY'), options);
    case 'openai':
      return createOpenAiProvider(need(config.openai, 'OPENAI_MODEL'), options);
    default:
      return createNoTranslationProvider();
  }
}

function need<T>(settings: T | undefined, variable: string): T {
  // loadConfig refuses a listed provider without its settings; this guards hand-built configs.
  if (!settings) throw new Error(`Translation provider configured without ${variable}`);
  return settings;
}

/** The Debian package that holds each Apertium pair we can use, Spanish being the hub. */
const APERTIUM_PACKAGES: Partial<Record<TLanguageCode, string>> = {
  en: 'apertium-eng-spa',
  fr: 'apertium-fr-es',
  it: 'apertium-spa-ita',
  pt: 'apertium-es-pt',
};

/** What would give from → to an engine, in the words of the no-engine failure. */
export function missingEngineHint(
  config: TTranslationConfig,
  from: TLanguageCode,
  to: TLanguageCode,
): string {
  const vendor = config.providersSet
    ? 'add deepl to TRANSLATION_PROVIDERS and set DEEPL_API_KEY, or another provider'
    : 'set DEEPL_API_KEY or another provider';
  const offline = [from, to].every((code) => code === 'es' || APERTIUM_PACKAGES[code]);
  if (!offline || !config.providers.includes('apertium')) return vendor;
  const packages = [from, to].flatMap((code) => APERTIUM_PACKAGES[code] ?? []);
  if (config.apertium.apyUrl) {
    return `install ${packages.join(' and ')} on the Apertium server, or ${vendor}`;
  }
  return `install the Debian package${packages.length > 1 ? 's' : ''} ${packages.join(' and ')}, or ${vendor}`;
}

export { createTranslationChain, noEngineMessage } from './chain.js';
export * from './types.js';
