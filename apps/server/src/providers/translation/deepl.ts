import type { TTranslationConfig } from '../../config.js';
import { entriesIn } from './glossary.js';
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
  type TTranslationRequest,
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

  const headers = {
    authorization: `DeepL-Auth-Key ${config.apiKey}`,
    'content-type': 'application/json',
    accept: 'application/json',
  };
  // DeepL glossaries cannot be changed: one per language pair and set of entries, made when first
  // needed and reused while this engine lives (a changed glossary makes a new one).
  const glossaries = new Map<string, Promise<string>>();

  async function glossaryId(request: TTranslationRequest): Promise<string | undefined> {
    const entries = entriesIn(request.text, request.glossary);
    if (!entries.length) return undefined;
    const tsv = entries
      .map((entry) => `${entry.term.trim()}\t${entry.target.trim()}`)
      .sort()
      .join('\n');
    const key = `${request.from}:${request.to}:${tsv}`;
    let id = glossaries.get(key);
    if (!id) {
      id = createGlossary(request.from, request.to, tsv);
      glossaries.set(key, id);
      id.catch(() => glossaries.delete(key));
    }
    return id;
  }

  async function createGlossary(from: TLanguageCode, to: TLanguageCode, entries: string) {
    const reply = await sendRequest(engine, `${base}/v2/glossaries`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `Message Station ${from}-${to}`,
        source_lang: from,
        target_lang: to,
        entries,
        entries_format: 'tsv',
      }),
    });
    if (reply.status !== 201 && reply.status !== 200) throw deeplFailure(engine, reply, options);
    const id = (reply.body as { glossary_id?: unknown } | undefined)?.glossary_id;
    if (typeof id !== 'string') throw malformed(engine);
    return id;
  }

  return {
    name: 'deepl',
    supports,
    async translate(request) {
      const { text, from, to } = request;
      if (!supports(from, to)) {
        throw new TranslationError('unsupported', `DeepL has no ${from}→${to} language pair`, 'deepl');
      }
      const glossary = await glossaryId(request);
      const reply = await sendRequest(engine, `${base}/v2/translate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          text: [text],
          source_lang: SOURCE_LANG[from],
          target_lang: TARGET_LANG[to],
          preserve_formatting: true,
          ...(glossary ? { glossary_id: glossary } : {}),
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
