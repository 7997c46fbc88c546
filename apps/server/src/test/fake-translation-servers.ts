// Loopback stand-ins for the translation vendors' HTTP APIs: LibreTranslate, DeepL v2, Google
// Cloud Translation v2, an OpenAI-compatible chat completions server and an Apertium APY server.
// Each speaks its vendor's wire format (paths, auth, bodies, error shapes), records every request,
// and "translates" by prefixing the vendor's own target code: "[ES] Hello". Tests can make the
// next answers fail with a status and body, in any of the shapes of test/vendor-failures.ts (HTML,
// empty, Retry-After …), or never come, or stall after the headers (to exercise timeouts).
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerWithFailure, type TVendorFailure } from './vendor-failures.js';

export type TFakeRequest = {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  raw: string;
  /** The body read as JSON (application/json) or as a form (application/x-www-form-urlencoded). */
  json: unknown;
  form: Record<string, string>;
};

type TFakeReply = { status: number; body: unknown };

/**
 * Replaces the normal answer while set (for every path, or only `path`): an error of the vendor's
 * kind, any of the failure shapes of test/vendor-failures.ts, or no answer at all.
 */
export type TFakeOverride = TVendorFailure & { path?: string };

/** `latencyMs`: each answer waits this long first, as a cloud engine across the internet does. */
async function startLoopback(
  handle: (request: TFakeRequest) => TFakeReply,
  options: { latencyMs?: number } = {},
) {
  const requests: TFakeRequest[] = [];
  let override: TFakeOverride | undefined;

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const type = req.headers['content-type'] ?? '';
      let json: unknown;
      if (type.includes('application/json')) {
        try {
          json = JSON.parse(raw);
        } catch {
          json = undefined;
        }
      }
      const form = type.includes('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(raw))
        : {};
      const request: TFakeRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        raw,
        json,
        form,
      };
      requests.push(request);
      const active = override && (!override.path || override.path === url.pathname) ? override : undefined;
      if (active?.kind === 'hang') return; // never answers: the client must give up on its own
      if (active) {
        const failure = active;
        if (options.latencyMs) setTimeout(() => answerWithFailure(res, failure), options.latencyMs);
        else answerWithFailure(res, failure);
        return;
      }
      const reply = handle(request);
      const answer = () => {
        res.statusCode = reply.status;
        if (reply.body === undefined) {
          res.end();
          return;
        }
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(reply.body));
      };
      if (options.latencyMs) setTimeout(answer, options.latencyMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Every following request (or those to `path`) gets this instead, until reset(). */
    override(value: TFakeOverride) {
      override = value;
    },
    reset() {
      override = undefined;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const notFound = (request: TFakeRequest): TFakeReply => ({
  status: 404,
  body: { error: `Cannot ${request.method} ${request.path}` },
});

// ── LibreTranslate ──────────────────────────────────────────────────────────────────────────

const LIBRE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  'zh-Hans': 'Chinese (Simplified)',
  ja: 'Japanese',
  ko: 'Korean',
};

/** LibreTranslate: GET /languages, POST /translate {q, source, target, format, api_key}. */
export function startFakeLibreTranslate(options: { apiKey?: string; languages?: string[] } = {}) {
  const languages = options.languages ?? ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh-Hans', 'ja'];
  return startLoopback((request) => {
    if (request.method === 'GET' && request.path === '/languages') {
      return {
        status: 200,
        body: languages.map((code) => ({
          code,
          name: LIBRE_NAMES[code] ?? code,
          targets: languages.filter((other) => other !== code),
        })),
      };
    }
    if (request.method === 'POST' && request.path === '/translate') {
      const body = (request.json ?? request.form) as Record<string, unknown>;
      if (options.apiKey && body.api_key !== options.apiKey) {
        return { status: 403, body: { error: 'Invalid API key' } };
      }
      const { q, source, target } = body as { q?: string; source?: string; target?: string };
      if (typeof q !== 'string')
        return { status: 400, body: { error: 'Invalid request: missing q parameter' } };
      for (const code of [source, target]) {
        if (!code || !languages.includes(code)) {
          return { status: 400, body: { error: `${code} is not supported` } };
        }
      }
      return { status: 200, body: { translatedText: `[${target}] ${q}` } };
    }
    return notFound(request);
  });
}

// ── DeepL ───────────────────────────────────────────────────────────────────────────────────

const DEEPL_SOURCES = ['EN', 'ES', 'FR', 'DE', 'IT', 'PT', 'ZH', 'JA', 'KO'];
const DEEPL_TARGETS = [
  'EN-US',
  'EN-GB',
  'ES',
  'FR',
  'DE',
  'IT',
  'PT-BR',
  'PT-PT',
  'ZH',
  'ZH-HANS',
  'JA',
  'KO',
];

/** DeepL API v2: POST /v2/translate, Authorization: DeepL-Auth-Key <key>, JSON or form body. */
export function startFakeDeepL(options: { apiKey: string; latencyMs?: number }) {
  // Glossaries made through POST /v2/glossaries: id → source term → target words.
  const glossaries = new Map<string, { source: string; target: string; entries: Map<string, string> }>();
  return startLoopback((request) => {
    if (request.path !== '/v2/translate' && request.path !== '/v2/glossaries') return notFound(request);
    if (request.method !== 'POST') return { status: 405, body: { message: 'Method not allowed' } };
    if (request.headers.authorization !== `DeepL-Auth-Key ${options.apiKey}`) {
      return { status: 403, body: { message: 'Authorization failure, check auth_key' } };
    }
    if (request.path === '/v2/glossaries') return createDeepLGlossary(request, glossaries);
    const body = (request.json ?? request.form) as {
      text?: unknown;
      source_lang?: string;
      target_lang?: string;
    };
    const texts = Array.isArray(body.text)
      ? body.text
      : typeof body.text === 'string'
        ? [body.text]
        : undefined;
    if (!texts) return { status: 400, body: { message: "Parameter 'text' not specified." } };
    const target = body.target_lang?.toUpperCase() ?? '';
    if (target === 'EN' || target === 'PT') {
      return {
        status: 400,
        body: {
          message: `targetLang='${target.toLowerCase()}' is deprecated, please use a regional variant instead.`,
        },
      };
    }
    if (!DEEPL_TARGETS.includes(target)) {
      return { status: 400, body: { message: "Value for 'target_lang' not supported." } };
    }
    const source = body.source_lang?.toUpperCase();
    if (source !== undefined && !DEEPL_SOURCES.includes(source)) {
      return { status: 400, body: { message: "Value for 'source_lang' not supported." } };
    }
    const glossaryId = (body as { glossary_id?: string }).glossary_id;
    const glossary = glossaryId ? glossaries.get(glossaryId) : undefined;
    if (glossaryId && !glossary) return { status: 404, body: { message: 'Glossary not found' } };
    if (glossary && !source) {
      return { status: 400, body: { message: "Parameter 'source_lang' is required when using a glossary." } };
    }
    // A glossary's words go into the text as DeepL would put them into its translation.
    const withGlossary = (text: string) =>
      [...(glossary?.entries ?? [])].reduce((out, [term, words]) => out.split(term).join(words), text);
    return {
      status: 200,
      body: {
        translations: texts.map((text) => ({
          detected_source_language: source ?? 'EN',
          text: `[${target}] ${withGlossary(String(text))}`,
        })),
      },
    };
  }, options);
}

/** POST /v2/glossaries {name, source_lang, target_lang, entries (TSV), entries_format}: 201. */
function createDeepLGlossary(
  request: TFakeRequest,
  glossaries: Map<string, { source: string; target: string; entries: Map<string, string> }>,
): TFakeReply {
  const body = (request.json ?? {}) as Record<string, unknown>;
  const { name, source_lang: source, target_lang: target, entries, entries_format: format } = body;
  if (typeof name !== 'string' || typeof source !== 'string' || typeof target !== 'string') {
    return { status: 400, body: { message: 'Missing name, source_lang or target_lang' } };
  }
  if (format !== 'tsv' || typeof entries !== 'string' || !entries.trim()) {
    return { status: 400, body: { message: 'Invalid glossary entries provided' } };
  }
  const pairs = entries.split('\n').map((line) => line.split('\t'));
  if (pairs.some((pair) => pair.length !== 2 || !pair[0] || !pair[1])) {
    return { status: 400, body: { message: 'Invalid glossary entries provided' } };
  }
  const id = `def3a26b-${String(glossaries.size + 1).padStart(4, '0')}-4b3f-9a7a-6c1e5b0d2f11`;
  glossaries.set(id, { source, target, entries: new Map(pairs as [string, string][]) });
  return {
    status: 201,
    body: {
      glossary_id: id,
      name,
      ready: true,
      source_lang: source,
      target_lang: target,
      creation_time: new Date().toISOString(),
      entry_count: pairs.length,
    },
  };
}

// ── Google Cloud Translation v2 ─────────────────────────────────────────────────────────────

const GOOGLE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh-CN', 'zh-TW', 'zh', 'ja', 'ko'];

function googleError(code: number, status: string, message: string, reason: string, detailReason?: string) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status,
      ...(detailReason
        ? {
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason: detailReason,
                domain: 'googleapis.com',
              },
            ],
          }
        : {}),
    },
  };
}

/** Google Cloud Translation Basic (v2): POST /language/translate/v2?key=… with {q, source, target, format}. */
export function startFakeGoogleTranslate(options: { apiKey: string }) {
  return startLoopback((request) => {
    if (request.path !== '/language/translate/v2') return notFound(request);
    if (request.query.key !== options.apiKey) {
      return {
        status: 400,
        body: googleError(
          400,
          'INVALID_ARGUMENT',
          'API key not valid. Please pass a valid API key.',
          'badRequest',
          'API_KEY_INVALID',
        ),
      };
    }
    const body = (request.json ?? request.form) as { q?: unknown; source?: string; target?: string };
    const texts = Array.isArray(body.q) ? body.q : typeof body.q === 'string' ? [body.q] : undefined;
    if (!texts)
      return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Required Text', 'required') };
    if (!body.target || !GOOGLE_CODES.includes(body.target)) {
      return { status: 400, body: googleError(400, 'INVALID_ARGUMENT', 'Invalid Value', 'invalid') };
    }
    return {
      status: 200,
      body: { data: { translations: texts.map((text) => ({ translatedText: `[${body.target}] ${text}` })) } },
    };
  });
}

export const googleRateLimitBody = googleError(
  403,
  'PERMISSION_DENIED',
  'User Rate Limit Exceeded',
  'userRateLimitExceeded',
);

// ── OpenAI-compatible chat completions ──────────────────────────────────────────────────────

type TChatMessage = { role: string; content: string };

/**
 * POST /v1/chat/completions (base URL ends in /v1, as OpenAI and local model servers publish it).
 * The "model" answers with `answer(messages)`, by default "[model] <user text>".
 */
export function startFakeOpenAi(
  options: { apiKey?: string; answer?: (messages: TChatMessage[]) => string } = {},
) {
  let counter = 0;
  return startLoopback((request) => {
    if (request.path !== '/v1/chat/completions') return notFound(request);
    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      return {
        status: 401,
        body: {
          error: {
            message: 'Incorrect API key provided.',
            type: 'invalid_request_error',
            param: null,
            code: 'invalid_api_key',
          },
        },
      };
    }
    const body = request.json as { model?: string; messages?: TChatMessage[] } | undefined;
    if (!body?.model || !Array.isArray(body.messages)) {
      return {
        status: 400,
        body: {
          error: { message: "'messages' is a required property", type: 'invalid_request_error', code: null },
        },
      };
    }
    const user = body.messages.filter((m) => m.role === 'user').pop()?.content ?? '';
    const content = options.answer ? options.answer(body.messages) : `[model] ${user}`;
    counter += 1;
    return {
      status: 200,
      body: {
        id: `chatcmpl-${counter}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
      },
    };
  });
}

// ── Apertium APY ────────────────────────────────────────────────────────────────────────────

/** Apertium APY: GET /listPairs, POST /translate form {langpair: 'eng|spa', q, markUnknown}. */
export function startFakeApy(options: { pairs?: string[] } = {}) {
  const pairs = options.pairs ?? ['eng|spa', 'spa|eng', 'spa|por', 'por|spa', 'fra|spa', 'spa|fra'];
  return startLoopback((request) => {
    if (request.path === '/listPairs') {
      return {
        status: 200,
        body: {
          responseData: pairs.map((pair) => {
            const [sourceLanguage, targetLanguage] = pair.split('|');
            return { sourceLanguage, targetLanguage };
          }),
          responseDetails: null,
          responseStatus: 200,
        },
      };
    }
    if (request.path === '/translate') {
      const params = request.method === 'POST' ? request.form : request.query;
      const { langpair = '', q } = params;
      if (!pairs.includes(langpair)) {
        return {
          status: 400,
          body: {
            status: 'error',
            code: 400,
            message: 'Bad Request',
            explanation: 'That pair is not installed',
          },
        };
      }
      if (q === undefined) {
        return {
          status: 400,
          body: { status: 'error', code: 400, message: 'Bad Request', explanation: 'Missing argument q' },
        };
      }
      const target = langpair.split('|')[1];
      return {
        status: 200,
        body: {
          responseData: { translatedText: `[${target}] ${q}` },
          responseDetails: null,
          responseStatus: 200,
        },
      };
    }
    return notFound(request);
  });
}
