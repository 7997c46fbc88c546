// Apertium for real (the Debian packages apertium, apertium-eng-spa, apertium-es-pt,
// apertium-fr-es and apertium-spa-ita must be installed), and the APY client against a fake.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it.skipIf(noApertium)(
    'runs the Italian pairs, whose Italian → Spanish needs cg-proc (package cg3)',
    async () => {
      // Without cg-proc, `apertium ita-spa` answers nothing with exit code 0: .ci/run installs cg3.
      expect(execFileSync('sh', ['-c', 'command -v cg-proc'], { encoding: 'utf8' })).toMatch(/cg-proc/);
      expect(await apertium.translate({ text: 'La strada è chiusa.', from: 'it', to: 'es' })).toMatch(
        /carretera|calle/i,
      );
      expect(await apertium.translate({ text: 'The road is closed.', from: 'en', to: 'it' })).toMatch(
        /strada/i,
      );
    },
  );

  it.skipIf(noApertium)(
    'keeps its pipelines loaded and writes what the command writes, unknown words and all',
    async () => {
      const command = createApertiumProvider({}, { ...TIMEOUT, keepLoaded: false, pool: null });
      const text = 'Flash flooding near Oak Street: the Zorbleton bridge is closed until 11:45 PM.';
      for (const [from, to] of [
        ['en', 'es'],
        ['en', 'fr'],
        ['en', 'it'],
        ['en', 'pt'],
        ['es', 'en'],
      ] as const) {
        const loaded = { unknownWords: [] as string[] };
        const once = { unknownWords: [] as string[] };
        const source = from === 'es' ? 'La calle está cerrada hasta mañana.' : text;
        const answer = await apertium.translate({ text: source, from, to, notes: loaded });
        expect(answer, `${from}→${to}`).toBe(
          await command.translate({ text: source, from, to, notes: once }),
        );
        expect(loaded.unknownWords).toEqual(once.unknownWords);
      }
    },
  );

  it('covers nothing when the command is missing', async () => {
    const missing = createApertiumProvider({}, { ...TIMEOUT, command: 'apertium-not-installed-here' });
    expect(await missing.supports('en', 'es')).toBe(false);
  });
});

describe('names, places, times and numbers through real Apertium', () => {
  const noApertium = skipWithout('apertium');
  const apertium = createApertiumProvider({}, TIMEOUT);
  const MARKS = /[*#@]/;
  const CODES = /ZXQ\d/i;

  it.skipIf(noApertium)(
    "keeps the typed emergency's places, state code and time in es, fr, it and pt",
    async () => {
      const text = 'Tornado Warning for Coal County, OK until 11:45 PM. Take cover now. Avoid Oak Street.';
      const languages = ['es', 'fr', 'it', 'pt'] as const;
      const translations = await Promise.all(
        languages.map((to) => apertium.translate({ text, from: 'en', to })),
      );
      for (const translated of translations) {
        for (const kept of ['Coal County', 'OK', '11:45 PM', 'Oak Street'])
          expect(translated).toContain(kept);
        expect(translated).not.toMatch(/VALE|BON|VA BENE|Carb|Charbon|Roble|Chêne|Quercia/);
        expect(translated).not.toMatch(MARKS);
        expect(translated).not.toMatch(CODES);
        // The words around them are translated: "Aviso de tornado", "Avis de tornade" …
        expect(translated).toMatch(/tornad|tornato/i);
        expect(translated).not.toContain('Take cover');
      }
    },
  );

  it.skipIf(noApertium)("keeps the NWS warning's office, times and counties in es and fr", async () => {
    const fixture = path.join(import.meta.dirname, '../../test/fixtures/nws/tornado-warning-ok.json');
    const alert = JSON.parse(readFileSync(fixture, 'utf8')).properties as Record<string, string>;
    const text = [alert.headline, alert.areaDesc, alert.instruction].join('\n\n');
    for (const to of ['es', 'fr'] as const) {
      const notes = { unknownWords: [] as string[] };
      const translated = await apertium.translate({ text, from: 'en', to, notes });
      for (const kept of ['Norman', 'OK', '11:23PM', '12:15AM', 'CDT', 'Coal', 'Hughes']) {
        expect(translated).toContain(kept);
      }
      expect(translated).not.toMatch(/VALE|BON|Carbón|Charbon/);
      expect(translated).not.toMatch(MARKS);
      expect(translated).not.toMatch(CODES);
      // "TAKE COVER NOW!" is an instruction in capitals: translated, not kept.
      expect(translated).not.toContain('TAKE COVER');
      expect(translated).toMatch(to === 'es' ? /ahora/ : /maintenant/);
      expect(notes.unknownWords.every((word) => text.includes(word))).toBe(true);
    }
  });

  it.skipIf(noApertium)('lets no mark out, also one glued to a time ("11:18*PM")', async () => {
    // Before protection, French, Italian and Portuguese had "11:18*PM" or "11:*18PM" here.
    const text = 'Road closed at 11:18PM near Norman OK. Call (405) 555-0142.';
    const languages = ['fr', 'it', 'pt'] as const;
    const translations = await Promise.all(
      languages.map((to) => apertium.translate({ text, from: 'en', to })),
    );
    for (const translated of translations) {
      expect(translated).not.toMatch(MARKS);
      for (const kept of ['11:18PM', 'Norman OK', '(405) 555-0142']) expect(translated).toContain(kept);
    }
  });
});

describe('Apertium answering nothing', () => {
  // A stand-in for the command: lists the Italian pairs, then answers every text with nothing and
  // exit code 0, as `apertium ita-spa` does without cg-proc.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'message-station-apertium-test-'));
  const command = path.join(dir, 'apertium');
  writeFileSync(
    command,
    [
      '#!/bin/sh',
      'if [ "$1" = "-l" ]; then printf "eng-spa\\nspa-ita\\nita-spa\\nes-pt\\n"; exit 0; fi',
      'if [ "$1" = "ita-spa" ]; then echo "/dev/fd/63: line 1: cg-proc: command not found" >&2; exit 0; fi',
      'if [ "$1" = "es-pt" ]; then echo "lt-proc: error opening file" >&2; exit 0; fi',
      'if [ "$1" = "eng-spa" ]; then echo "   "; exit 0; fi',
      'exit 0',
    ].join('\n'),
  );
  chmodSync(command, 0o755);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const silent = createApertiumProvider({}, { ...TIMEOUT, command });

  it.each([
    ['es', 'it', 'Apertium returned no text for Spanish → Italian; the pair may need the cg3 package'],
    ['it', 'es', 'Apertium returned no text for Italian → Spanish; the pair may need the cg3 package'],
    [
      'es',
      'pt',
      "Apertium returned no text for Spanish → Portuguese; the pair's package may be incomplete (lt-proc: error opening file)",
    ],
    // Only spaces is no text either; through Spanish, the hop that answered nothing is named.
    ['en', 'it', "Apertium returned no text for English → Spanish; the pair's package may be incomplete"],
  ] as const)('%s→%s is a permanent failure that says what to install', async (from, to, message) => {
    const error = await failure(silent.translate({ text: 'Hola, la calle está cerrada.', from, to }));
    expect(error.kind).toBe('permanent');
    expect(error.message).toBe(message);
    expect(error.problem).toBe('bad_answer');
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
