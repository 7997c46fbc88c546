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
    expect(post?.json).toEqual({ q: text, source: 'en', target: 'es', format: 'text', api_key: 'libre-key' });
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
    // The text travels untouched, placeholders included, and never inside the instructions.
    expect(system?.content).not.toContain('Jane Doe');
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
