import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type TTranslationConfig } from '../../config.js';
import {
  googleRateLimitBody,
  startFakeDeepL,
  startFakeGoogleTranslate,
  startFakeLibreTranslate,
  startFakeOpenAi,
} from '../../test/fake-translation-servers.js';
import { createTranslationChain } from './chain.js';
import { createDeepLProvider, deeplApiUrl } from './deepl.js';
import { createGoogleProvider } from './google.js';
import { createTranslationProvider, missingEngineHint } from './index.js';
import { createLibreTranslateProvider } from './libretranslate.js';
import { createNoTranslationProvider } from './none.js';
import { createOpenAiProvider } from './openai.js';
import { type TLanguageCode, TranslationError, type TTranslationProvider } from './types.js';

const TIMEOUT = { timeoutMs: 2_000 };
const SHORT_TIMEOUT = { timeoutMs: 250 };

async function failure(promise: Promise<unknown>): Promise<TranslationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranslationError);
  return error as TranslationError;
}

describe('LibreTranslate', async () => {
  const fake = await startFakeLibreTranslate({ apiKey: 'libre-key' });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const provider = (apiKey = 'libre-key', options = TIMEOUT) =>
    createLibreTranslateProvider({ url: `${fake.url}/`, apiKey }, options);

  it('posts JSON to /translate with the API key and returns translatedText', async () => {
    const text = 'Road closed at 5:30 PM. Call 555-123-4567.';
    expect(await provider().translate({ text, from: 'en', to: 'es' })).toBe(`[es] ${text}`);
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(post?.path).toBe('/translate');
    expect(post?.headers['content-type']).toBe('application/json');
    // The time and the phone number travel as placeholders, put back as written.
    expect(post?.json).toEqual({
      q: 'Road closed at ZXQ1. Call ZXQ2.',
      source: 'en',
      target: 'es',
      format: 'text',
      api_key: 'libre-key',
    });
  });

  it('learns the pairs from GET /languages, once, and maps zh to zh-Hans', async () => {
    const libre = provider();
    expect(await libre.supports('en', 'ko')).toBe(false);
    expect(await libre.supports('en', 'zh')).toBe(true);
    await libre.translate({ text: 'Hi', from: 'en', to: 'zh' });
    expect(fake.requests.filter((r) => r.path === '/languages')).toHaveLength(1);
    expect(fake.requests.find((r) => r.path === '/languages')?.query.api_key).toBe('libre-key');
    expect(fake.requests.find((r) => r.method === 'POST')?.json).toMatchObject({ target: 'zh-Hans' });
    const error = await failure(libre.translate({ text: 'Hi', from: 'en', to: 'ko' }));
    expect(error.kind).toBe('unsupported');
  });

  it.each([
    [403, { error: 'Invalid API key' }, 'permanent'],
    [400, { error: 'Invalid request' }, 'permanent'],
    [429, { error: 'Slowdown: 30 per 1 minute' }, 'transient'],
    [500, { error: 'Internal error' }, 'transient'],
  ] as const)('maps HTTP %i to %s', async (status, body, kind) => {
    const libre = provider();
    await libre.supports('en', 'es');
    fake.override({ kind: 'error', status, body, path: '/translate' });
    const error = await failure(libre.translate({ text: 'Hi', from: 'en', to: 'es' }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.message).toContain(body.error);
  });

  it('reports a wrong key in plain words', async () => {
    const error = await failure(provider('wrong').translate({ text: 'Hi', from: 'en', to: 'es' }));
    expect(error.kind).toBe('permanent');
    expect(error.message).toBe('LibreTranslate refused the API key (HTTP 403): Invalid API key');
  });

  it('gives up after the timeout, as a transient failure', async () => {
    fake.override({ kind: 'hang' });
    const error = await failure(
      provider('libre-key', SHORT_TIMEOUT).translate({ text: 'Hi', from: 'en', to: 'es' }),
    );
    expect(error.kind).toBe('transient');
    expect(error.message).toBe('LibreTranslate did not answer within 0.3 s');
  });
});

describe('DeepL', async () => {
  const fake = await startFakeDeepL({ apiKey: 'deepl-key:fx' });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const provider = (apiKey = 'deepl-key:fx', options = TIMEOUT) =>
    createDeepLProvider({ apiKey, apiUrl: fake.url }, options);

  it('chooses the free or pro host from the key', () => {
    expect(deeplApiUrl('abc:fx')).toBe('https://api-free.deepl.com');
    expect(deeplApiUrl('abc')).toBe('https://api.deepl.com');
  });

  it('posts JSON to /v2/translate with the DeepL-Auth-Key header', async () => {
    expect(await provider().translate({ text: 'Storm warning', from: 'en', to: 'es' })).toBe(
      '[ES] Storm warning',
    );
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v2/translate');
    expect(request?.headers.authorization).toBe('DeepL-Auth-Key deepl-key:fx');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.json).toEqual({
      text: ['Storm warning'],
      source_lang: 'EN',
      target_lang: 'ES',
      preserve_formatting: true,
    });
  });

  it.each([
    ['es', 'en', 'ES', 'EN-US'],
    ['en', 'pt', 'EN', 'PT-BR'],
    ['pt', 'zh', 'PT', 'ZH'],
    ['zh', 'ko', 'ZH', 'KO'],
    ['ja', 'de', 'JA', 'DE'],
  ] as const)('maps %s→%s to source %s and target %s', async (from, to, source, target) => {
    expect(await provider().translate({ text: 'x', from, to })).toBe(`[${target}] x`);
    expect(fake.requests[0]?.json).toMatchObject({ source_lang: source, target_lang: target });
  });

  it('covers every pair of our nine languages but not a language to itself', () => {
    const deepl = provider();
    expect(deepl.supports('en', 'ko')).toBe(true);
    expect(deepl.supports('en', 'en')).toBe(false);
  });

  it.each([
    [403, 'permanent', 'DeepL refused the API key'],
    [456, 'permanent', "DeepL's character quota for this billing period is used up"],
    [400, 'permanent', 'DeepL refused the request'],
    [413, 'permanent', 'DeepL refused the text as too large'],
    [429, 'transient', 'DeepL is limiting the request rate'],
    [500, 'transient', 'DeepL is unavailable'],
    [503, 'transient', 'DeepL is unavailable'],
    [529, 'transient', 'DeepL is unavailable'],
  ] as const)('maps HTTP %i to %s', async (status, kind, words) => {
    fake.override({ kind: 'error', status, body: { message: 'vendor says no' } });
    const error = await failure(provider().translate({ text: 'x', from: 'en', to: 'es' }));
    expect(error.kind).toBe(kind);
    expect(error.provider).toBe('deepl');
    expect(error.message).toContain(words);
    expect(error.message).toContain(`HTTP ${status}`);
  });

  it('sends the configured key, and a wrong one is a permanent failure', async () => {
    const error = await failure(provider('other-key').translate({ text: 'x', from: 'en', to: 'es' }));
    expect(error.kind).toBe('permanent');
    expect(error.message).toMatch(/^DeepL refused the API key \(check DEEPL_API_KEY\) \(HTTP 403\)/);
  });

  it('times out as a transient failure, and an unreachable host too', async () => {
    fake.override({ kind: 'hang' });
    const slow = await failure(
      provider('deepl-key:fx', SHORT_TIMEOUT).translate({ text: 'x', from: 'en', to: 'es' }),
    );
    expect(slow.kind).toBe('transient');
    expect(slow.message).toBe('DeepL did not answer within 0.3 s');
    const closed = createDeepLProvider({ apiKey: 'k', apiUrl: 'http://127.0.0.1:9' }, TIMEOUT);
    const error = await failure(closed.translate({ text: 'x', from: 'en', to: 'es' }));
    expect(error.kind).toBe('transient');
    expect(error.message).toMatch(/^DeepL could not be reached/);
  });
});

describe('Google Cloud Translation', async () => {
  const fake = await startFakeGoogleTranslate({ apiKey: 'google-key' });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const provider = (apiKey = 'google-key') => createGoogleProvider({ apiKey, apiUrl: fake.url }, TIMEOUT);

  it('posts {q, source, target, format} to /language/translate/v2 with the key in the query', async () => {
    expect(await provider().translate({ text: 'Shelter open', from: 'en', to: 'zh' })).toBe(
      '[zh-CN] Shelter open',
    );
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/language/translate/v2');
    expect(request?.query).toEqual({ key: 'google-key' });
    expect(request?.json).toEqual({ q: 'Shelter open', source: 'en', target: 'zh-CN', format: 'text' });
  });

  it('maps a rejected key to permanent without the key in the message', async () => {
    const error = await failure(provider('bad-key').translate({ text: 'x', from: 'en', to: 'es' }));
    expect(error.kind).toBe('permanent');
    expect(error.message).toContain('GOOGLE_TRANSLATE_API_KEY');
    expect(error.message).toContain('API key not valid');
    expect(error.message).not.toContain('bad-key');
  });

  it.each([
    [403, googleRateLimitBody, 'transient'],
    [
      403,
      { error: { code: 403, message: 'Cloud Translation API has not been used in project 1' } },
      'permanent',
    ],
    [429, { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }, 'transient'],
    [500, { error: { code: 500, message: 'Internal error' } }, 'transient'],
    [503, undefined, 'transient'],
  ] as const)('maps HTTP %i to %s', async (status, body, kind) => {
    fake.override({ kind: 'error', status, body });
    const error = await failure(provider().translate({ text: 'x', from: 'en', to: 'es' }));
    expect(error.kind).toBe(kind);
  });
});

describe('OpenAI-compatible chat endpoint', async () => {
  const fake = await startFakeOpenAi({ apiKey: 'sk-test' });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const provider = (apiKey: string | undefined = 'sk-test', options = TIMEOUT) =>
    createOpenAiProvider({ baseUrl: `${fake.url}/v1`, apiKey, model: 'local-translator' }, options);

  it('asks the model to translate only, at temperature 0, keeping numbers, URLs and names', async () => {
    const text =
      'Jane Doe: {name}, shelter at 12 Main St opens 7:30 PM on 03/14. Info https://x.org or 555-0100.';
    expect(await provider().translate({ text, from: 'en', to: 'pt' })).toBe(`[model] ${text}`);
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    const body = request?.json as {
      model: string;
      temperature: number;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe('local-translator');
    expect(body.temperature).toBe(0);
    expect(body.messages).toHaveLength(2);
    const [system, user] = body.messages;
    expect(user).toEqual({ role: 'user', content: text });
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('from English to Portuguese (Brazil)');
    expect(system?.content).toContain('translation only');
    for (const kept of ['numbers', 'times', 'dates', 'URLs', 'phone numbers', 'names', 'placeholders']) {
      expect(system?.content).toContain(kept);
    }
    // The text travels untouched, placeholders included, in the user's message. The instructions
    // name only the spans to keep, quoted as data: never the message itself.
    expect(system?.content).toContain(
      '"Jane Doe", "12 Main St", "7:30 PM", "03/14", "https://x.org", "555-0100".',
    );
    expect(system?.content).not.toContain('shelter at');
  });

  it('sends no Authorization header to a keyless local server, and drops a <think> block', async () => {
    const local = await startFakeOpenAi({
      answer: () => '<think>Spanish, short.</think>\n\nCarretera cerrada',
    });
    try {
      const model = createOpenAiProvider({ baseUrl: `${local.url}/v1/`, model: 'qwen' }, TIMEOUT);
      expect(await model.translate({ text: 'Road closed', from: 'en', to: 'es' })).toBe('Carretera cerrada');
      expect(local.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it.each([
    [401, { error: { message: 'Incorrect API key provided.', code: 'invalid_api_key' } }, 'permanent'],
    [404, { error: { message: 'The model `x` does not exist', code: 'model_not_found' } }, 'permanent'],
    [
      429,
      { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } },
      'transient',
    ],
    [
      429,
      {
        error: { message: 'You exceeded your quota', type: 'insufficient_quota', code: 'insufficient_quota' },
      },
      'permanent',
    ],
    [500, { error: { message: 'The server had an error' } }, 'transient'],
    [503, { error: { message: 'Loading model' } }, 'transient'],
  ] as const)('maps HTTP %i to %s', async (status, body, kind) => {
    fake.override({ kind: 'error', status, body });
    const error = await failure(provider().translate({ text: 'x', from: 'en', to: 'es' }));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(body.error.message);
  });

  it('times out as a transient failure', async () => {
    fake.override({ kind: 'hang' });
    const error = await failure(
      provider('sk-test', SHORT_TIMEOUT).translate({ text: 'x', from: 'en', to: 'es' }),
    );
    expect(error.kind).toBe('transient');
    expect(error.message).toBe('The model server (local-translator) did not answer within 0.3 s');
  });
});

describe('the chain', () => {
  type TScript = { covers: TLanguageCode[]; fail?: TranslationError };
  function scripted(name: string, script: TScript): TTranslationProvider & { calls: number } {
    const engine = {
      name,
      calls: 0,
      supports: (from: TLanguageCode, to: TLanguageCode) =>
        script.covers.includes(from) && script.covers.includes(to),
      async translate({ text, to }: { text: string; to: TLanguageCode }) {
        engine.calls += 1;
        if (script.fail) throw script.fail;
        return `${name}:${to}:${text}`;
      },
    };
    return engine;
  }
  const hint = () => 'set DEEPL_API_KEY or another provider';

  it('uses the first engine that covers the pair', async () => {
    const first = scripted('first', { covers: ['en', 'ko'] });
    const second = scripted('second', { covers: ['en', 'es'] });
    const chain = createTranslationChain([first, second], { hint });
    expect(await chain.translate({ text: 'Hi', from: 'en', to: 'es' })).toBe('second:es:Hi');
    expect(await chain.translate({ text: 'Hi', from: 'en', to: 'ko' })).toBe('first:ko:Hi');
    expect(chain.name).toBe('first,second');
    expect(await chain.supports('en', 'es')).toBe(true);
    expect(await chain.supports('es', 'ko')).toBe(false);
  });

  it('falls to the next engine when one fails, transiently or permanently', async () => {
    const busy = scripted('busy', {
      covers: ['en', 'es'],
      fail: new TranslationError('transient', 'busy is down'),
    });
    const spent = scripted('spent', {
      covers: ['en', 'es'],
      fail: new TranslationError('permanent', 'quota used up'),
    });
    const offline = scripted('offline', { covers: ['en', 'es'] });
    const chain = createTranslationChain([busy, spent, offline], { hint });
    expect(await chain.translate({ text: 'Hi', from: 'en', to: 'es' })).toBe('offline:es:Hi');
    expect([busy.calls, spent.calls, offline.calls]).toEqual([1, 1, 1]);
  });

  it('reports every failure, transient if any engine might work later', async () => {
    const busy = scripted('busy', {
      covers: ['en', 'es'],
      fail: new TranslationError('transient', 'busy is down'),
    });
    const spent = scripted('spent', {
      covers: ['en', 'es'],
      fail: new TranslationError('permanent', 'quota used up'),
    });
    const both = await failure(
      createTranslationChain([busy, spent], { hint }).translate({ text: 'Hi', from: 'en', to: 'es' }),
    );
    expect(both.kind).toBe('transient');
    expect(both.message).toBe('busy is down; quota used up');
    const one = await failure(
      createTranslationChain([spent], { hint }).translate({ text: 'Hi', from: 'en', to: 'es' }),
    );
    expect(one.kind).toBe('permanent');
  });

  it('says in station words when no engine covers the pair, and keeps the setting for the log', async () => {
    const chain = createTranslationChain([scripted('offline', { covers: ['en', 'es'] })], { hint });
    const error = await failure(chain.translate({ text: 'Hi', from: 'en', to: 'ko' }));
    expect(error.kind).toBe('unsupported');
    expect(error.message).toBe(
      'No translation engine covers English → Korean. An admin can add one in Settings → Translation.',
    );
    expect(error.message).not.toMatch(/DEEPL_API_KEY|provider/);
    expect(error.operatorHint).toBe('set DEEPL_API_KEY or another provider');
  });

  it('returns the text itself when the languages are the same', async () => {
    const chain = createTranslationChain([createNoTranslationProvider()], { hint });
    expect(await chain.translate({ text: 'Hi', from: 'en', to: 'en' })).toBe('Hi');
  });

  it('falls back from a rate-limited DeepL to the next engine over real HTTP', async () => {
    const deeplFake = await startFakeDeepL({ apiKey: 'k' });
    const libreFake = await startFakeLibreTranslate();
    try {
      deeplFake.override({ kind: 'error', status: 429, body: { message: 'Too many requests' } });
      const chain = createTranslationChain(
        [
          createDeepLProvider({ apiKey: 'k', apiUrl: deeplFake.url }, TIMEOUT),
          createLibreTranslateProvider({ url: libreFake.url }, TIMEOUT),
        ],
        { hint },
      );
      expect(await chain.translate({ text: 'Hi', from: 'en', to: 'fr' })).toBe('[fr] Hi');
      expect(deeplFake.requests).toHaveLength(1);
    } finally {
      await deeplFake.close();
      await libreFake.close();
    }
  });
});

describe('translation configuration', () => {
  // A development start: only the translation settings vary.
  const dev = { NODE_ENV: 'test', DEV_TOOLS: 'true' };

  it('defaults to the offline engine, with a 20 s timeout, four translations at once and retries after 2 s', () => {
    expect(loadConfig(dev).translation).toEqual({
      providers: ['apertium'],
      providersSet: false,
      timeoutMs: 20_000,
      concurrency: 4,
      retryDelaySeconds: 2,
      apertium: { apyUrl: undefined },
      // Stations' engines: the dev secret seals their keys; private addresses allowed off production.
      station: { keysSecret: expect.stringMatching(/^dev-only/), privateUrls: true },
    });
    expect(loadConfig({ ...dev, TRANSLATION_RETRY_DELAY_SECONDS: '0' }).translation.retryDelaySeconds).toBe(
      0,
    );
    expect(() => loadConfig({ ...dev, TRANSLATION_RETRY_DELAY_SECONDS: '-1' })).toThrow(
      /TRANSLATION_RETRY_DELAY_SECONDS/,
    );
    // The committed secret only on a developer's machine; STATION_KEYS_SECRET is required elsewhere.
    const secret = { SESSION_SECRET: 's'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'development', ...secret }).translation.station.keysSecret).toMatch(
      /^dev-only/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ...secret })).toThrow(/STATION_KEYS_SECRET: required/);
    const own = loadConfig({ NODE_ENV: 'test', ...secret, STATION_KEYS_SECRET: 'k'.repeat(32) });
    expect(own.translation.station.keysSecret).toBe('k'.repeat(32));
    expect(loadConfig({ ...dev, TRANSLATION_CONCURRENCY: '8' }).translation.concurrency).toBe(8);
    expect(() => loadConfig({ ...dev, TRANSLATION_CONCURRENCY: '0' })).toThrow(/TRANSLATION_CONCURRENCY/);
  });

  it('puts vendors with keys before apertium when TRANSLATION_PROVIDERS is unset', () => {
    const config = loadConfig({
      ...dev,
      DEEPL_API_KEY: 'k:fx',
      LIBRETRANSLATE_URL: 'http://127.0.0.1:5000',
    }).translation;
    expect(config.providers).toEqual(['deepl', 'libretranslate', 'apertium']);
    expect(config.deepl).toEqual({ apiKey: 'k:fx', apiUrl: undefined });
  });

  it('reads an explicit chain and each vendor setting', () => {
    const config = loadConfig({
      ...dev,
      TRANSLATION_PROVIDERS: 'openai, google,apertium',
      TRANSLATION_TIMEOUT_MS: '5000',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      OPENAI_MODEL: 'qwen2.5-7b-instruct',
      GOOGLE_TRANSLATE_API_KEY: 'g',
      APERTIUM_APY_URL: 'http://127.0.0.1:2737',
    }).translation;
    expect(config).toMatchObject({
      providers: ['openai', 'google', 'apertium'],
      providersSet: true,
      timeoutMs: 5000,
      openai: { baseUrl: 'http://127.0.0.1:8080/v1', model: 'qwen2.5-7b-instruct' },
      google: { apiKey: 'g' },
      apertium: { apyUrl: 'http://127.0.0.1:2737' },
    });
    expect(
      loadConfig({ ...dev, TRANSLATION_PROVIDERS: 'openai', OPENAI_MODEL: 'm', OPENAI_API_KEY: 'sk' })
        .translation.openai,
    ).toEqual({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk', model: 'm' });
  });

  it.each([
    ['deepl', {}, 'TRANSLATION_PROVIDERS=deepl needs DEEPL_API_KEY'],
    ['libretranslate', {}, 'TRANSLATION_PROVIDERS=libretranslate needs LIBRETRANSLATE_URL'],
    ['google', {}, 'TRANSLATION_PROVIDERS=google needs GOOGLE_TRANSLATE_API_KEY'],
    ['openai', {}, 'TRANSLATION_PROVIDERS=openai needs OPENAI_MODEL'],
    ['openai', { OPENAI_MODEL: 'm' }, 'TRANSLATION_PROVIDERS=openai needs OPENAI_API_KEY'],
    ['deepl,babelfish', { DEEPL_API_KEY: 'k' }, 'TRANSLATION_PROVIDERS: unknown provider "babelfish"'],
  ])('refuses %s without what it needs', (providers, extra, message) => {
    expect(() => loadConfig({ ...dev, TRANSLATION_PROVIDERS: providers, ...extra })).toThrow(ConfigError);
    expect(() => loadConfig({ ...dev, TRANSLATION_PROVIDERS: providers, ...extra })).toThrow(message);
  });

  it('builds the configured chain, and names what would help', async () => {
    const config = loadConfig({ ...dev, TRANSLATION_PROVIDERS: 'none' }).translation;
    const chain = createTranslationProvider(config);
    expect(chain.name).toBe('none');
    const error = await failure(chain.translate({ text: 'Hi', from: 'en', to: 'ko' }));
    expect(error.message).toBe(
      'No translation engine covers English → Korean. An admin can add one in Settings → Translation.',
    );
    expect(error.operatorHint).toBe(
      'add deepl to TRANSLATION_PROVIDERS and set DEEPL_API_KEY, or another provider',
    );
    const offline: TTranslationConfig = loadConfig(dev).translation;
    expect(missingEngineHint(offline, 'en', 'ko')).toBe('set DEEPL_API_KEY or another provider');
    expect(missingEngineHint(offline, 'en', 'pt')).toBe(
      'install the Debian packages apertium-eng-spa and apertium-es-pt, or set DEEPL_API_KEY or another provider',
    );
    expect(missingEngineHint(offline, 'es', 'it')).toBe(
      'install the Debian package apertium-spa-ita, or set DEEPL_API_KEY or another provider',
    );
  });
});

/**
 * A vendor that answers as the test says (the shared fakes always echo the text): to show what
 * an engine does with an answer that lost a name, or with an empty one.
 */
async function startScripted(answer: (path: string, body: Record<string, unknown>) => unknown) {
  const requests: { path: string; json: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const json = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      requests.push({ path, json });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(path, json)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const EMERGENCY = 'Tornado Warning for Coal County, OK until 11:45 PM. Avoid Oak Street.';
const KEPT = ['Coal County, OK', '11:45 PM', 'Oak Street'];
/** What an engine does to names when nothing holds them. */
const renaming = (text: string) =>
  text.replace('Coal County, OK', 'Condado de Carbón, VALE').replace('Oak Street', 'Calle de Roble');

describe('names, places, times and numbers on each engine', () => {
  it('DeepL gets them in <keep> tags it is told to ignore, the rest escaped as XML', async () => {
    const fake = await startFakeDeepL({ apiKey: 'k' });
    try {
      const deepl = createDeepLProvider({ apiKey: 'k', apiUrl: fake.url }, TIMEOUT);
      const text = `${EMERGENCY} Stay <inside> & listen.`;
      expect(await deepl.translate({ text, from: 'en', to: 'es' })).toBe(`[ES] ${text}`);
      expect(fake.requests[0]?.json).toEqual({
        text: [
          'Tornado Warning for <keep>Coal County, OK</keep> until <keep>11:45 PM</keep>. Avoid <keep>Oak Street</keep>. Stay &lt;inside&gt; &amp; listen.',
        ],
        source_lang: 'EN',
        target_lang: 'ES',
        preserve_formatting: true,
        tag_handling: 'xml',
        ignore_tags: ['keep'],
      });
      // A text with nothing to keep goes as before: plain text.
      await deepl.translate({ text: 'Stay inside.', from: 'en', to: 'es' });
      expect(fake.requests[1]?.json).not.toHaveProperty('tag_handling');
    } finally {
      await fake.close();
    }
  });

  it('DeepL losing a tag: the text is translated piece by piece around the spans', async () => {
    const fake = await startScripted((_path, body) => {
      const [text] = body.text as string[];
      // With tags the "engine" drops them and renames; the pieces it gets have no names in them.
      const out = body.tag_handling ? renaming(String(text).replace(/<\/?keep>/g, '')) : `[ES] ${text}`;
      return { translations: [{ detected_source_language: 'EN', text: out }] };
    });
    try {
      const deepl = createDeepLProvider({ apiKey: 'k', apiUrl: fake.url }, TIMEOUT);
      const out = await deepl.translate({ text: EMERGENCY, from: 'en', to: 'es' });
      for (const kept of KEPT) expect(out).toContain(kept);
      expect(out).toBe(
        '[ES] Tornado Warning for Coal County, OK [ES] until 11:45 PM[ES] . Avoid Oak Street.',
      );
      const pieces = fake.requests.slice(1).map((r) => (r.json.text as string[])[0]);
      expect(pieces).toEqual(['Tornado Warning for', 'until', '. Avoid']);
      expect(fake.requests.slice(1).every((r) => r.json.tag_handling === undefined)).toBe(true);
    } finally {
      await fake.close();
    }
  });

  it('Google gets them as placeholders (format text); a lost one means the plain text, then pieces', async () => {
    const fake = await startFakeGoogleTranslate({ apiKey: 'g' });
    const lossy = await startScripted((_path, body) => {
      const q = String(body.q);
      // Placeholders dropped; the plain text renamed: neither can be used.
      const out = q.includes('ZXQ') ? 'Aviso de tornado.' : q.includes('Oak') ? renaming(q) : `[es] ${q}`;
      return { data: { translations: [{ translatedText: out }] } };
    });
    try {
      const google = createGoogleProvider({ apiKey: 'g', apiUrl: fake.url }, TIMEOUT);
      expect(await google.translate({ text: EMERGENCY, from: 'en', to: 'es' })).toBe(`[es] ${EMERGENCY}`);
      expect(fake.requests[0]?.json).toEqual({
        q: 'Tornado Warning for ZXQ1 until ZXQ2. Avoid ZXQ3.',
        source: 'en',
        target: 'es',
        format: 'text',
      });
      const out = await createGoogleProvider({ apiKey: 'g', apiUrl: lossy.url }, TIMEOUT).translate({
        text: EMERGENCY,
        from: 'en',
        to: 'es',
      });
      for (const kept of KEPT) expect(out).toContain(kept);
      expect(lossy.requests.map((r) => r.json.q)).toEqual([
        'Tornado Warning for ZXQ1 until ZXQ2. Avoid ZXQ3.',
        EMERGENCY,
        'Tornado Warning for',
        'until',
        '. Avoid',
      ]);
    } finally {
      await fake.close();
      await lossy.close();
    }
  });

  it('LibreTranslate gets them as placeholders, found again whatever case the engine writes', async () => {
    const lower = await startScripted((path, body) =>
      path === '/languages'
        ? [
            { code: 'en', targets: ['es'] },
            { code: 'es', targets: ['en'] },
          ]
        : { translatedText: `[es] ${String(body.q).toLowerCase()}` },
    );
    try {
      const libre = createLibreTranslateProvider({ url: lower.url }, TIMEOUT);
      expect(await libre.translate({ text: EMERGENCY, from: 'en', to: 'es' })).toBe(
        '[es] tornado warning for Coal County, OK until 11:45 PM. avoid Oak Street.',
      );
    } finally {
      await lower.close();
    }
  });

  it('the LLM is told the exact spans; one lost is asked again with placeholders', async () => {
    const fake = await startFakeOpenAi({
      answer: (messages) => {
        const user = messages.filter((m) => m.role === 'user').pop()?.content ?? '';
        return user.includes('ZXQ') ? `Aviso: ${user}` : renaming(user);
      },
    });
    try {
      const model = createOpenAiProvider({ baseUrl: `${fake.url}/v1`, model: 'm' }, TIMEOUT);
      const out = await model.translate({ text: EMERGENCY, from: 'en', to: 'es' });
      expect(out).toBe(`Aviso: ${EMERGENCY}`);
      const [first, second] = fake.requests.map(
        (r) => (r.json as { messages: { role: string; content: string }[] }).messages,
      );
      expect(first?.[0]?.content).toContain('"Coal County, OK", "11:45 PM", "Oak Street".');
      expect(first?.[1]?.content).toBe(EMERGENCY);
      expect(second?.[0]?.content).toContain('codes such as ZXQ1');
      expect(second?.[1]?.content).toBe('Tornado Warning for ZXQ1 until ZXQ2. Avoid ZXQ3.');
    } finally {
      await fake.close();
    }
  });

  it('the LLM losing them twice is a permanent failure that names them, so the chain goes on', async () => {
    const fake = await startFakeOpenAi({
      answer: (messages) => {
        const user = messages.filter((m) => m.role === 'user').pop()?.content ?? '';
        return user.includes('ZXQ') ? 'Aviso de tornado. Evite la calle.' : renaming(user);
      },
    });
    try {
      const model = createOpenAiProvider({ baseUrl: `${fake.url}/v1`, model: 'm' }, TIMEOUT);
      const error = await failure(model.translate({ text: EMERGENCY, from: 'en', to: 'es' }));
      expect(error.kind).toBe('permanent');
      expect(error.problem).toBe('bad_answer');
      expect(error.message).toBe(
        'The model server (m) did not keep names, times or numbers as written ("Coal County, OK", "Oak Street"), also when asked twice',
      );
      const offline = {
        name: 'offline',
        supports: () => true,
        translate: async () => 'Aviso de tornado para Coal County, OK hasta 11:45 PM. Evite Oak Street.',
      };
      const chain = createTranslationChain([model, offline], {});
      expect(await chain.translate({ text: EMERGENCY, from: 'en', to: 'es' })).toContain('Oak Street');
    } finally {
      await fake.close();
    }
  });
});

describe('an empty answer for a text is never a translation', () => {
  it.each([
    [
      'DeepL',
      (url: string) => createDeepLProvider({ apiKey: 'k', apiUrl: url }, TIMEOUT),
      { translations: [{ text: '' }] },
    ],
    [
      'Google Translate',
      (url: string) => createGoogleProvider({ apiKey: 'g', apiUrl: url }, TIMEOUT),
      { data: { translations: [{ translatedText: '  ' }] } },
    ],
    [
      'LibreTranslate',
      (url: string) => createLibreTranslateProvider({ url }, TIMEOUT),
      { translatedText: '\n' },
    ],
    [
      'The model server (m)',
      (url: string) => createOpenAiProvider({ baseUrl: `${url}/v1`, model: 'm' }, TIMEOUT),
      { choices: [{ message: { content: '<think>Short.</think>\n' }, finish_reason: 'stop' }] },
    ],
  ] as const)('%s', async (label, make, body) => {
    const fake = await startScripted((path) =>
      path === '/languages' ? [{ code: 'en', targets: ['it'] }, { code: 'it' }] : body,
    );
    try {
      const error = await failure(make(fake.url).translate({ text: 'Road closed.', from: 'en', to: 'it' }));
      expect(error.kind).toBe('permanent');
      expect(error.problem).toBe('bad_answer');
      expect(error.message).toBe(`${label} returned no text for English → Italian`);
    } finally {
      await fake.close();
    }
  });
});
