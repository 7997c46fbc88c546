import type { TTranslationConfig } from '../../config.js';
import { entriesIn, holdText, type THeldText, translateInPieces } from './glossary.js';
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
import { missingSpans } from './protect.js';
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
    memoryKey: `deepl ${base}`,
    supports,
    async translate(request) {
      const { text, from, to } = request;
      if (!supports(from, to)) {
        throw new TranslationError('unsupported', `DeepL has no ${from}→${to} language pair`, 'deepl');
      }
      const glossary = await glossaryId(request);
      const send = async (piece: string, xml = false) => {
        const reply = await sendRequest(engine, `${base}/v2/translate`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            text: [piece],
            source_lang: SOURCE_LANG[from],
            target_lang: TARGET_LANG[to],
            preserve_formatting: true,
            ...(xml ? { tag_handling: 'xml', ignore_tags: [KEEP_TAG] } : {}),
            ...(glossary ? { glossary_id: glossary } : {}),
          }),
        });
        if (reply.status !== 200) throw deeplFailure(engine, reply, options);
        const translations = (reply.body as { translations?: { text?: unknown }[] } | undefined)
          ?.translations;
        const translated = translations?.[0]?.text;
        if (typeof translated !== 'string') throw malformed(engine);
        return requireText(engine, from, to, piece, xml ? fromXml(translated) : translated);
      };
      // Names, places, times and numbers (protect.ts) go in <keep> tags DeepL leaves untouched:
      // tag_handling 'xml' with ignore_tags is DeepL's own way, and unlike a placeholder the name
      // stays in the sentence, so the words around it are translated knowing what it is. Glossary
      // terms are not held: DeepL's glossary applies to them. Texts without spans go as before.
      const held = holdText(request, { glossary: false });
      if (!held.spans.length) return send(text);
      const translated = await send(toXml(held), true);
      if (missingSpans(translated, held.spans).length === 0) return translated;
      // A tag lost or moved into a word: piece by piece around the spans, as the other engines do.
      return translateInPieces(held, (piece) => send(piece));
    },
  };
}

/** The element DeepL is told to leave alone (ignore_tags). */
const KEEP_TAG = 'keep';

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The text as DeepL's XML: the words escaped, each protected span in <keep>…</keep>. */
export function toXml(held: THeldText): string {
  return held.parts
    .map((part) =>
      typeof part === 'string' ? escapeXml(part) : `<${KEEP_TAG}>${escapeXml(part.original)}</${KEEP_TAG}>`,
    )
    .join('');
}

/** DeepL's XML answer as plain text: the <keep> tags off, the escapes undone. */
export function fromXml(xml: string): string {
  return xml
    .replace(new RegExp(`</?${KEEP_TAG}\\s*/?>`, 'g'), '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
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
