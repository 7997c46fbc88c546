// Every way a translation vendor fails in the wild (test/vendor-failures.ts: a JSON error without
// `message`, a gateway's HTML page, an empty body, 429 with Retry-After, 503, no answer, a body that
// stalls) at each HTTP engine, served by its loopback fake: each ends in a TranslationError of the
// right kind (transient: the job is retried; permanent: the chain's next engine or a failed
// translation), with a message fit for a log line, within the engine's deadline; and the chain,
// the engines' caller, moves on to the next engine.
import { afterAll, describe, expect, it } from 'vitest';
import {
  startFakeDeepL,
  startFakeGoogleTranslate,
  startFakeLibreTranslate,
  startFakeOpenAi,
} from '../../test/fake-translation-servers.js';
import { expectSafeLogLine, statusOf, VENDOR_FAILURE_SHAPES } from '../../test/vendor-failures.js';
import { createTranslationChain } from './chain.js';
import { createDeepLProvider } from './deepl.js';
import { createGoogleProvider } from './google.js';
import { createLibreTranslateProvider } from './libretranslate.js';
import { createOpenAiProvider } from './openai.js';
import { TranslationError, type TTranslationProvider } from './types.js';

// Generous where an answer comes (a loaded machine is slow), short where none will.
const PATIENT = { timeoutMs: 10_000 };
const HASTY = { timeoutMs: 500 };
const REQUEST = { text: 'Boil tap water before drinking.', from: 'en', to: 'es' } as const;

type TEngineCase = {
  name: string;
  secret: string;
  /** The path whose answers fail (LibreTranslate still lists its languages). */
  path: string;
  start(): Promise<{ url: string; override: (value: never) => void; reset(): void; close(): Promise<void> }>;
  engine(url: string, options: { timeoutMs: number }): TTranslationProvider;
};

const ENGINES: TEngineCase[] = [
  {
    name: 'DeepL',
    secret: 'deepl-secret-key:fx',
    path: '/v2/translate',
    start: () => startFakeDeepL({ apiKey: 'deepl-secret-key:fx' }),
    engine: (url, options) => createDeepLProvider({ apiKey: 'deepl-secret-key:fx', apiUrl: url }, options),
  },
  {
    name: 'Google Translate',
    secret: 'google-secret-key',
    path: '/language/translate/v2',
    start: () => startFakeGoogleTranslate({ apiKey: 'google-secret-key' }),
    engine: (url, options) => createGoogleProvider({ apiKey: 'google-secret-key', apiUrl: url }, options),
  },
  {
    name: 'LibreTranslate',
    secret: 'libre-secret-key',
    path: '/translate',
    start: () => startFakeLibreTranslate({ apiKey: 'libre-secret-key' }),
    engine: (url, options) => createLibreTranslateProvider({ url, apiKey: 'libre-secret-key' }, options),
  },
  {
    name: 'an OpenAI-compatible model server',
    secret: 'sk-secret-key',
    path: '/v1/chat/completions',
    start: () => startFakeOpenAi({ apiKey: 'sk-secret-key' }),
    engine: (url, options) =>
      createOpenAiProvider({ baseUrl: `${url}/v1`, apiKey: 'sk-secret-key', model: 'translator' }, options),
  },
];

describe.each(ENGINES)('$name failing', async (engineCase) => {
  const fake = await engineCase.start();
  const fallbackFake = await startFakeLibreTranslate();
  afterAll(async () => {
    await fake.close();
    await fallbackFake.close();
  });
  const patient = engineCase.engine(fake.url, PATIENT);
  const hasty = engineCase.engine(fake.url, HASTY);
  const fallback = createLibreTranslateProvider({ url: fallbackFake.url }, PATIENT);

  it('translates when the vendor answers (the fake as it normally is)', async () => {
    expect(await patient.translate({ ...REQUEST })).toMatch(/Boil tap water before drinking\./);
  });

  it.each(VENDOR_FAILURE_SHAPES)('$name: a typed $expected error, and the chain moves on', async (shape) => {
    fake.override({ ...shape.failure, path: engineCase.path } as never);
    const engine = shape.timeout ? hasty : patient;
    try {
      const error = await engine.translate({ ...REQUEST }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(TranslationError);
      const failure = error as TranslationError;
      expect(failure.kind).toBe(shape.expected);
      expect(failure.provider).toBe(engine.name);
      if (shape.timeout) expect(failure.problem).toBe('timeout');
      // An error status is told as such; a 200 without a translation is a bad answer.
      else if (statusOf(shape) >= 400) expect(failure.status).toBe(statusOf(shape));
      else expect(failure.problem).toBe('bad_answer');
      if (shape.retryAfterSeconds !== undefined) {
        expect(failure.retryAfterSeconds).toBe(shape.retryAfterSeconds);
        expect(failure.message).toContain(`asked to wait ${shape.retryAfterSeconds} s`);
      }
      expectSafeLogLine(failure.message, engineCase.secret);

      // The caller: alone in the chain the failure keeps its kind; with another engine the text
      // is translated there.
      const alone = await createTranslationChain([engine], {})
        .translate({ ...REQUEST })
        .catch((thrown: unknown) => thrown);
      expect(alone).toMatchObject({ kind: shape.expected });
      const chain = createTranslationChain([engine, fallback], {});
      expect(await chain.translate({ ...REQUEST })).toBe('[es] Boil tap water before drinking.');
    } finally {
      fake.reset();
    }
  });
});

describe('LibreTranslate failing to list its languages', async () => {
  const fake = await startFakeLibreTranslate();
  afterAll(fake.close);
  it.each(VENDOR_FAILURE_SHAPES)('$name: a typed transient error', async (shape) => {
    // A fresh engine each time: the language list is cached once it was read.
    const engine = createLibreTranslateProvider({ url: fake.url }, shape.timeout ? HASTY : PATIENT);
    fake.override({ ...shape.failure, path: '/languages' } as never);
    try {
      const error = await engine.translate({ ...REQUEST }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(TranslationError);
      expect((error as TranslationError).kind).toBe('transient');
      expectSafeLogLine((error as TranslationError).message, 'none');
    } finally {
      fake.reset();
    }
  });
});
