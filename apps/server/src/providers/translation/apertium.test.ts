// Apertium for real (the Debian packages apertium, apertium-eng-spa, apertium-es-pt,
// apertium-fr-es and apertium-spa-ita must be installed), and the APY client against a fake.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { skipWithout } from '../../../../../test-support/binaries.js';
import { loadConfig } from '../../config.js';
import { startFakeApy } from '../../test/fake-translation-servers.js';
import { apertiumRoute, createApertiumProvider, indexApertiumPairs, parseApertiumMode } from './apertium.js';
import { createTranslationProvider } from './index.js';
import { TranslationError } from './types.js';

const TIMEOUT = { timeoutMs: 10_000 };

async function failure(promise: Promise<unknown>): Promise<TranslationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TranslationError);
  return error as TranslationError;
}

describe('Apertium modes', () => {
  it('reads mode names of both code styles and variants, skipping debugging modes', () => {
    expect(parseApertiumMode('eng-spa')).toMatchObject({
      from: 'en',
      to: 'es',
      source: 'eng',
      target: 'spa',
    });
    expect(parseApertiumMode('es-pt_BR')).toMatchObject({ from: 'es', to: 'pt', target: 'pt_BR' });
    expect(parseApertiumMode('eng-spa-tagger')).toBeUndefined();
    expect(parseApertiumMode('eco-es-fr')).toBeUndefined();
    expect(parseApertiumMode('spa-cat')).toBeUndefined(); // Catalan is not one of our languages
  });

  it('prefers the variant our audience reads and pivots through Spanish only', () => {
    const pairs = indexApertiumPairs(
      ['eng-spa', 'spa-eng', 'spa-eng_US', 'es-pt', 'es-pt_BR', 'fr-es']
        .map(parseApertiumMode)
        .filter((p) => p !== undefined),
    );
    expect(apertiumRoute(pairs, 'es', 'en')?.map((p) => p.mode)).toEqual(['spa-eng_US']);
    expect(apertiumRoute(pairs, 'en', 'pt')?.map((p) => p.mode)).toEqual(['eng-spa', 'es-pt_BR']);
    expect(apertiumRoute(pairs, 'fr', 'en')?.map((p) => p.mode)).toEqual(['fr-es', 'spa-eng_US']);
    expect(apertiumRoute(pairs, 'en', 'fr')).toBeUndefined(); // no es→fr installed here
    expect(apertiumRoute(pairs, 'en', 'de')).toBeUndefined();
  });
});

describe('Apertium, the local Debian installation', () => {
  const noApertium = skipWithout('apertium');
  const installed = (() => {
    try {
      return execFileSync('apertium', ['-l'], { encoding: 'utf8' });
    } catch {
      return '';
    }
  })();
  const apertium = createApertiumProvider({}, TIMEOUT);

  it.skipIf(noApertium)('is installed with the pairs the offline default relies on', () => {
    // With the apertium command installed, a missing pair fails: .ci/run installs these packages.
    for (const mode of ['eng-spa', 'spa-eng', 'es-pt', 'es-fr', 'spa-ita']) expect(installed).toContain(mode);
  });

  it.skipIf(noApertium)('translates English to Spanish', async () => {
    expect(await apertium.supports('en', 'es')).toBe(true);
    const spanish = await apertium.translate({
      text: 'The storm will arrive tonight.',
      from: 'en',
      to: 'es',
    });
    expect(spanish).toMatch(/tormenta/i);
    expect(spanish).not.toContain('*');
  });

  it.skipIf(noApertium)('translates English to Portuguese through Spanish', async () => {
    expect(await apertium.supports('en', 'pt')).toBe(true);
    const portuguese = await apertium.translate({
      text: 'The storm will arrive tonight.',
      from: 'en',
      to: 'pt',
    });
    // Portuguese, not the Spanish it went through ("La tormenta llegará esta noche").
    expect(portuguese).toContain('chegará');
    expect(portuguese).toContain('noite');
  });

  it.skipIf(noApertium)('has no engine for Korean, German, Chinese or Japanese', async () => {
    for (const to of ['ko', 'de', 'zh', 'ja'] as const) expect(await apertium.supports('en', to)).toBe(false);
    const error = await failure(apertium.translate({ text: 'Hi', from: 'en', to: 'ko' }));
    expect(error.kind).toBe('unsupported');
  });

  it.skipIf(noApertium)(
    'is the default chain: Spanish works, Korean fails with a reason that says how to enable it',
    async () => {
      const chain = createTranslationProvider(
        loadConfig({ NODE_ENV: 'test', DEV_TOOLS: 'true' }).translation,
      );
      expect(await chain.translate({ text: 'Good morning.', from: 'en', to: 'es' })).toMatch(/buenos/i);
      const error = await failure(chain.translate({ text: 'Good morning.', from: 'en', to: 'ko' }));
      expect(error.kind).toBe('unsupported');
      expect(error.message).toBe(
        'No translation engine covers English → Korean. An admin can add one in Settings → Translation.',
      );
      expect(error.operatorHint).toBe('set DEEPL_API_KEY or another provider');
    },
  );

  it('covers nothing when the command is missing', async () => {
    const missing = createApertiumProvider({}, { ...TIMEOUT, command: 'apertium-not-installed-here' });
    expect(await missing.supports('en', 'es')).toBe(false);
  });
});

describe('Apertium APY server', async () => {
  const fake = await startFakeApy();
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const apy = (timeoutMs = 2_000) => createApertiumProvider({ apyUrl: `${fake.url}/` }, { timeoutMs });

  it('learns pairs from GET /listPairs and posts the form APY expects', async () => {
    const engine = apy();
    expect(await engine.translate({ text: 'Road closed', from: 'en', to: 'es' })).toBe('[spa] Road closed');
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /listPairs', 'POST /translate']);
    const post = fake.requests[1];
    expect(post?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(post?.form).toEqual({ langpair: 'eng|spa', q: 'Road closed', markUnknown: 'yes' });
  });

  it('pivots through Spanish and refuses pairs the server lacks', async () => {
    const engine = apy();
    expect(await engine.translate({ text: 'Hi', from: 'en', to: 'pt' })).toBe('[por] [spa] Hi');
    expect(fake.requests.filter((r) => r.path === '/translate').map((r) => r.form.langpair)).toEqual([
      'eng|spa',
      'spa|por',
    ]);
    expect(await engine.supports('en', 'it')).toBe(false);
    expect((await failure(engine.translate({ text: 'Hi', from: 'en', to: 'ko' }))).kind).toBe('unsupported');
  });

  it('maps server errors and timeouts', async () => {
    const engine = apy(250);
    await engine.supports('en', 'es');
    fake.override({
      kind: 'error',
      status: 503,
      body: { status: 'error', code: 503, message: 'Busy' },
      path: '/translate',
    });
    expect((await failure(engine.translate({ text: 'Hi', from: 'en', to: 'es' }))).kind).toBe('transient');
    fake.override({
      kind: 'error',
      status: 400,
      body: { status: 'error', code: 400, message: 'Bad Request', explanation: 'That pair is not installed' },
      path: '/translate',
    });
    const refused = await failure(engine.translate({ text: 'Hi', from: 'en', to: 'es' }));
    expect(refused.kind).toBe('permanent');
    expect(refused.message).toContain('That pair is not installed');
    fake.override({ kind: 'hang', path: '/translate' });
    const slow = await failure(engine.translate({ text: 'Hi', from: 'en', to: 'es' }));
    expect(slow.kind).toBe('transient');
    expect(slow.message).toBe('The Apertium server did not answer within 0.3 s');
  });

  it('says the pairs could not be learned when the server is down', async () => {
    fake.override({ kind: 'error', status: 502, body: undefined, path: '/listPairs' });
    const error = await failure(Promise.resolve(apy().supports('en', 'es')));
    expect(error.kind).toBe('transient');
  });
});
