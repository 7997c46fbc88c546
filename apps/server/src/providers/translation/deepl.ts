import type { TTranslationConfig } from '../../config.js';
import {
  anyPairOfTheNine,
  checkSetting,
  httpFailure,
  malformed,
  sendRequest,
  type THttpEngine,
  type THttpReply,
  trimBaseUrl,
} from './http.js';
import {
  type TEngineOptions,
  type TLanguageCode,
  TranslationError,
  type TTranslationProvider,
} from './types.js';

type TDeepLConfig = NonNullable<TTranslationConfig['deepl']>;

export const DEEPL_FREE_API_URL = 'https://api-free.deepl.com';
export const DEEPL_PRO_API_URL = 'https://api.deepl.com';

/** Free-plan keys end in ':fx'. */
export function deeplApiUrl(apiKey: string): string {
  return apiKey.endsWith(':fx') ? DEEPL_FREE_API_URL : DEEPL_PRO_API_URL;
}

/** Source languages are plain; targets name the variant our US audience reads. */
const SOURCE_LANG: Record<TLanguageCode, string> = {
  en: 'EN',
  es: 'ES',
  fr: 'FR',
  de: 'DE',
  it: 'IT',
  pt: 'PT',
  zh: 'ZH',
  ja: 'JA',
  ko: 'KO',
};
const TARGET_LANG: Record<TLanguageCode, string> = { ...SOURCE_LANG, en: 'EN-US', pt: 'PT-BR' };

export function createDeepLProvider(config: TDeepLConfig, options: TEngineOptions): TTranslationProvider {
  const engine: THttpEngine = { provider: 'deepl', label: 'DeepL', timeoutMs: options.timeoutMs };
  const base = trimBaseUrl(config.apiUrl ?? deeplApiUrl(config.apiKey));
  const supports = anyPairOfTheNine;

  return {
    name: 'deepl',
    supports,
    async translate({ text, from, to }) {
      if (!supports(from, to)) {
        throw new TranslationError('unsupported', `DeepL has no ${from}→${to} language pair`, 'deepl');
      }
      const reply = await sendRequest(engine, `${base}/v2/translate`, {
        method: 'POST',
        headers: {
          authorization: `DeepL-Auth-Key ${config.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          text: [text],
          source_lang: SOURCE_LANG[from],
          target_lang: TARGET_LANG[to],
          preserve_formatting: true,
        }),
      });
      if (reply.status !== 200) throw deeplFailure(engine, reply, options);
      const translations = (reply.body as { translations?: { text?: unknown }[] } | undefined)?.translations;
      const translated = translations?.[0]?.text;
      if (typeof translated !== 'string') throw malformed(engine);
      return translated;
    },
  };
}

function deeplFailure(engine: THttpEngine, reply: THttpReply, options: TEngineOptions) {
  switch (reply.status) {
    case 403:
      return httpFailure(
        engine,
        reply,
        'permanent',
        `DeepL refused the API key (${checkSetting(options, 'DEEPL_API_KEY')})`,
      );
    case 456:
      return httpFailure(
        engine,
        reply,
        'permanent',
        "DeepL's character quota for this billing period is used up",
      );
    case 413:
      return httpFailure(engine, reply, 'permanent', 'DeepL refused the text as too large');
    case 429:
      return httpFailure(engine, reply, 'transient', 'DeepL is limiting the request rate');
    default:
      return httpFailure(engine, reply);
  }
}
