import type { TTranslationConfig } from '../../config.js';
import { translateWithPlaceholders } from './glossary.js';
import {
  anyPairOfTheNine,
  checkSetting,
  httpFailure,
  malformed,
  requireText,
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

type TGoogleConfig = NonNullable<TTranslationConfig['google']>;

export const GOOGLE_TRANSLATE_API_URL = 'https://translation.googleapis.com';

/** Google's codes for ours: Chinese is written zh-CN (Simplified); the rest are the same. */
const GOOGLE_CODE: Record<TLanguageCode, string> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  zh: 'zh-CN',
  ja: 'ja',
  ko: 'ko',
};

/** Reasons Google gives with a 403 that mean "too much, too fast": waiting helps. */
const RATE_REASONS = new Set([
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'dailyLimitExceeded',
  'quotaExceeded',
]);

export function createGoogleProvider(config: TGoogleConfig, options: TEngineOptions): TTranslationProvider {
  const engine: THttpEngine = { provider: 'google', label: 'Google Translate', timeoutMs: options.timeoutMs };
  const base = trimBaseUrl(config.apiUrl ?? GOOGLE_TRANSLATE_API_URL);
  const supports = anyPairOfTheNine;

  return {
    name: 'google',
    memoryKey: `google ${base}`,
    supports,
    async translate(request) {
      const { from, to } = request;
      if (!supports(from, to)) {
        throw new TranslationError(
          'unsupported',
          `Google Translate has no ${from}→${to} language pair`,
          'google',
        );
      }
      // Glossary terms and protected spans (names, times, numbers) in placeholders: requests go as
      // format 'text', so <span translate="no"> (which needs format 'html' and escaping the whole
      // text) would change how every message is sent; codes like ZXQ1 pass through as written.
      return translateWithPlaceholders(request, (text) => translateText(text, from, to));
    },
  };

  async function translateText(text: string, from: TLanguageCode, to: TLanguageCode) {
    const url = `${base}/language/translate/v2?key=${encodeURIComponent(config.apiKey)}`;
    const reply = await sendRequest(engine, url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
      body: JSON.stringify({ q: text, source: GOOGLE_CODE[from], target: GOOGLE_CODE[to], format: 'text' }),
    });
    if (reply.status !== 200) throw googleFailure(engine, reply, options);
    const data = (reply.body as { data?: { translations?: { translatedText?: unknown }[] } } | undefined)
      ?.data;
    const translated = data?.translations?.[0]?.translatedText;
    if (typeof translated !== 'string') throw malformed(engine);
    return requireText(engine, from, to, text, translated);
  }
}

function googleFailure(engine: THttpEngine, reply: THttpReply, options: TEngineOptions) {
  const error = (reply.body as { error?: { errors?: unknown; details?: unknown } } | undefined)?.error;
  const reasons = [error?.errors, error?.details]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((e) => (e as { reason?: unknown } | null)?.reason)
    .filter((reason): reason is string => typeof reason === 'string');
  if (reply.status === 403 && reasons.some((reason) => RATE_REASONS.has(reason))) {
    return httpFailure(
      engine,
      reply,
      'transient',
      'Google Translate is limiting the request rate',
      'rate_limited',
    );
  }
  if (reply.status === 400 && reasons.includes('API_KEY_INVALID')) {
    return httpFailure(
      engine,
      reply,
      'permanent',
      `Google Translate refused the API key (${checkSetting(options, 'GOOGLE_TRANSLATE_API_KEY')})`,
      'bad_key',
    );
  }
  if (reply.status === 401 || reply.status === 403) {
    return httpFailure(
      engine,
      reply,
      'permanent',
      `Google Translate refused the API key (${checkSetting(options, 'GOOGLE_TRANSLATE_API_KEY')} and that the API is enabled)`,
    );
  }
  return httpFailure(engine, reply);
}
