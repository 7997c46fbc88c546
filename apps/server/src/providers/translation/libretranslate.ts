// LibreTranslate (self-hosted or a hosted instance): POST /translate with JSON, and the languages
// it covers from GET /languages, so a pair it lacks is never sent to it.
import type { TTranslationConfig } from '../../config.js';
import { translateWithPlaceholders } from './glossary.js';
import { httpFailure, malformed, requireText, sendRequest, type THttpEngine, trimBaseUrl } from './http.js';
import {
  type TEngineOptions,
  type TLanguageCode,
  TranslationError,
  type TTranslationProvider,
} from './types.js';

type TLibreTranslateConfig = NonNullable<TTranslationConfig['libretranslate']>;

/** How long the language list is trusted before it is asked for again. */
const LANGUAGES_TTL_MS = 10 * 60_000;

/** Codes LibreTranslate may use for ours, best first (newer releases split zh and pt). */
const SOURCE_CODES: Record<TLanguageCode, string[]> = {
  en: ['en'],
  es: ['es'],
  fr: ['fr'],
  de: ['de'],
  it: ['it'],
  pt: ['pt', 'pt-BR'],
  zh: ['zh-Hans', 'zh', 'zh-CN'],
  ja: ['ja'],
  ko: ['ko'],
};
const TARGET_CODES: Record<TLanguageCode, string[]> = { ...SOURCE_CODES, pt: ['pt-BR', 'pt'] };

type TLanguage = { code: string; targets?: string[] };

export function createLibreTranslateProvider(
  config: TLibreTranslateConfig,
  options: TEngineOptions,
): TTranslationProvider {
  const engine: THttpEngine = {
    provider: 'libretranslate',
    label: 'LibreTranslate',
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
  };
  const base = trimBaseUrl(config.url);
  let cached: { at: number; languages: Promise<Map<string, TLanguage>> } | undefined;

  function languages(): Promise<Map<string, TLanguage>> {
    if (cached && Date.now() - cached.at < LANGUAGES_TTL_MS) return cached.languages;
    const pending = (async () => {
      const url = new URL(`${base}/languages`);
      if (config.apiKey) url.searchParams.set('api_key', config.apiKey);
      const reply = await sendRequest(engine, url.toString(), { headers: { accept: 'application/json' } });
      if (reply.status !== 200)
        throw httpFailure(engine, reply, 'transient', 'LibreTranslate did not list its languages');
      if (!Array.isArray(reply.body)) throw malformed(engine);
      const list = (reply.body as TLanguage[]).filter((l) => typeof l?.code === 'string');
      return new Map(list.map((l) => [l.code, l]));
    })();
    cached = { at: Date.now(), languages: pending };
    // A failed look-up is not remembered: the next request asks again.
    pending.catch(() => {
      if (cached?.languages === pending) cached = undefined;
    });
    return pending;
  }

  async function codesFor(from: TLanguageCode, to: TLanguageCode) {
    if (from === to) return undefined;
    const known = await languages();
    const source = SOURCE_CODES[from].find((code) => known.has(code));
    if (!source) return undefined;
    const targets = known.get(source)?.targets;
    const target = TARGET_CODES[to].find(
      (code) => code !== source && known.has(code) && (!targets || targets.includes(code)),
    );
    return target ? { source, target } : undefined;
  }

  return {
    name: 'libretranslate',
    memoryKey: `libretranslate ${base}`,
    async supports(from, to) {
      return (await codesFor(from, to)) !== undefined;
    },
    async translate(request) {
      const { from, to } = request;
      const codes = await codesFor(from, to);
      if (!codes) {
        throw new TranslationError(
          'unsupported',
          `LibreTranslate has no ${from}→${to} language pair`,
          'libretranslate',
        );
      }
      // Glossary terms and protected spans (names, times, numbers) held in placeholders.
      return translateWithPlaceholders(request, async (text) =>
        requireText(engine, from, to, text, await translateText(text, codes)),
      );
    },
  };

  async function translateText(text: string, codes: { source: string; target: string }) {
    const reply = await sendRequest(engine, `${base}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        q: text,
        source: codes.source,
        target: codes.target,
        format: 'text',
        ...(config.apiKey ? { api_key: config.apiKey } : {}),
      }),
    });
    if (reply.status !== 200) {
      if (reply.status === 403)
        throw httpFailure(engine, reply, 'permanent', 'LibreTranslate refused the API key');
      throw httpFailure(engine, reply);
    }
    const translated = (reply.body as { translatedText?: unknown } | undefined)?.translatedText;
    if (typeof translated !== 'string') throw malformed(engine);
    return translated;
  }
}
