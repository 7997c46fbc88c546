// Apertium, the offline rule-based engine: the local Debian installation through the `apertium`
// command, or an Apertium APY server over HTTP. Pairs are discovered from what is installed
// (modes such as eng-spa, es-pt_BR, spa-ita); a pair with no direct mode goes through Spanish
// (en→pt is eng-spa then es-pt_BR). Quality is modest: an offline fallback, not the promise.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { languageName } from '@message-station/shared';
import type { TTranslationConfig } from '../../config.js';
import type { TFetch } from '../../platform/public-fetch.js';
import {
  apertiumTimedOut,
  createApertiumPipelines,
  gatherOutput,
  type TApertiumPipelines,
} from './apertium-pipelines.js';
import { termPattern, translateWithPlaceholders } from './glossary.js';
import { httpFailure, malformed, sendRequest, type THttpEngine, trimBaseUrl, withProblem } from './http.js';
import { offlinePool, type TOfflinePool } from './offline-pool.js';
import { calmShouting } from './protect.js';
import { type TLanguageCode, TranslationError, type TTranslationProvider } from './types.js';

/** Apertium's language codes (ISO 639-3, and ISO 639-1 in older packages) for ours. */
const OUR_CODE: Record<string, TLanguageCode> = {
  eng: 'en',
  en: 'en',
  spa: 'es',
  es: 'es',
  fra: 'fr',
  fre: 'fr',
  fr: 'fr',
  deu: 'de',
  ger: 'de',
  de: 'de',
  ita: 'it',
  it: 'it',
  por: 'pt',
  pt: 'pt',
  zho: 'zh',
  cmn: 'zh',
  zh: 'zh',
  jpn: 'ja',
  ja: 'ja',
  kor: 'ko',
  ko: 'ko',
};

/** The variant our US audience reads, when a package offers several (es-pt_BR, spa-eng_US). */
const PREFERRED_VARIANT: Partial<Record<TLanguageCode, string>> = { en: 'US', pt: 'BR' };

/** One installed translation direction, e.g. { mode: 'es-pt_BR', from: 'es', to: 'pt' }. */
export type TApertiumPair = {
  mode: string;
  source: string;
  target: string;
  from: TLanguageCode;
  to: TLanguageCode;
};

const MODE = /^([a-z]{2,3})(?:_([A-Za-z]+))?-([a-z]{2,3})(?:_([A-Za-z]+))?$/;

/** Reads a mode name; debugging modes (eng-spa-tagger) and unknown languages give undefined. */
export function parseApertiumMode(mode: string): TApertiumPair | undefined {
  const match = MODE.exec(mode);
  if (!match) return undefined;
  const [, sourceLang = '', sourceVariant, targetLang = '', targetVariant] = match;
  const from = OUR_CODE[sourceLang];
  const to = OUR_CODE[targetLang];
  if (!from || !to || from === to) return undefined;
  return {
    mode,
    source: sourceVariant ? `${sourceLang}_${sourceVariant}` : sourceLang,
    target: targetVariant ? `${targetLang}_${targetVariant}` : targetLang,
    from,
    to,
  };
}

/** Best pair for each direction: plain source, and the preferred target variant over the plain one. */
function pairScore(pair: TApertiumPair): number {
  const targetVariant = pair.target.split('_')[1];
  let score = 0;
  if (pair.source.includes('_')) score -= 2;
  if (targetVariant && targetVariant === PREFERRED_VARIANT[pair.to]) score += 1;
  else if (targetVariant) score -= 1;
  return score;
}

export function indexApertiumPairs(pairs: TApertiumPair[]): Map<string, TApertiumPair> {
  const best = new Map<string, TApertiumPair>();
  for (const pair of pairs) {
    const key = `${pair.from}>${pair.to}`;
    const current = best.get(key);
    if (!current || pairScore(pair) > pairScore(current)) best.set(key, pair);
  }
  return best;
}

/** The pairs to run in order: the direct one, or through Spanish; undefined when neither exists. */
export function apertiumRoute(
  pairs: Map<string, TApertiumPair>,
  from: TLanguageCode,
  to: TLanguageCode,
): TApertiumPair[] | undefined {
  if (from === to) return undefined;
  const direct = pairs.get(`${from}>${to}`);
  if (direct) return [direct];
  if (from === 'es' || to === 'es') return undefined;
  const first = pairs.get(`${from}>es`);
  const second = pairs.get(`es>${to}`);
  return first && second ? [first, second] : undefined;
}

/**
 * Apertium marks what it could not do: '*word' unknown (left as written), '#word' not generated,
 * '@word' not transferred. The marks come off wherever they are, also glued to a digit
 * ("11:18*PM", "11:*18PM"), so the next hop and subscribers never see them; the unknown words are
 * named. The text Apertium gets has no such characters before a word of its own: addresses,
 * @handles and #tags are protected spans, held in placeholders.
 */
export function readMarks(output: string): { text: string; unknown: string[] } {
  const unknown = [...output.matchAll(/\*+([\p{L}\p{N}][\p{L}\p{N}'’-]*)/gu)].map(
    (match) => match[1] as string,
  );
  return { text: output.replace(/[*#@]+(?=[\p{L}\p{N}])/gu, ''), unknown };
}

/** Pairs whose Debian package runs Constraint Grammar (cg-proc, from the package cg3). */
const NEEDS_CG3: TLanguageCode[] = ['it'];

/**
 * Apertium's answer was empty for a text with words in it: a pipeline stage is missing (the
 * Italian pair without cg-proc answers nothing, exit code 0). Staff are told what would help.
 */
function noText(label: string, pair: TApertiumPair, stderr = ''): TranslationError {
  const languages = `${languageName(pair.from)} → ${languageName(pair.to)}`;
  const cg3 = /cg-proc|vislcg3/.test(stderr) || NEEDS_CG3.includes(pair.from) || NEEDS_CG3.includes(pair.to);
  const detail = stderr.trim().split('\n').pop()?.trim();
  const advice = cg3
    ? 'the pair may need the cg3 package'
    : `the pair's package may be incomplete${detail ? ` (${detail})` : ''}`;
  return withProblem(
    new TranslationError('permanent', `${label} returned no text for ${languages}; ${advice}`, 'apertium'),
    'bad_answer',
  );
}

/**
 * Apertium capitalises the word after a placeholder as if a sentence started there ("ZXQ1 is
 * closed" → "*ZXQ1 Está cerrado", "ZXQ1 on ZXQ2" → "*ZXQ1 En *ZXQ2"): when the input had a word in
 * lower case after the code, the capital right after the code in the answer comes off.
 */
export function keepCaseAfterCodes(input: string, output: string): string {
  let out = output;
  for (const match of input.matchAll(/(ZXQ\d+)[ \t]+\p{Ll}/gu)) {
    const code = match[1] as string;
    out = out.replace(
      new RegExp(`(${code}(?!\\d)\\s+)(\\p{Lu})(?=\\p{Ll})`, 'u'),
      (_, before: string, letter: string) => before + letter.toLowerCase(),
    );
  }
  return out;
}

/** Whether the word is in the text as written (ignoring case), not a placeholder of the glossary. */
function inText(word: string, text: string): boolean {
  return termPattern(word).test(text);
}

/** Where the pairs come from and how one pair runs. */
type TApertiumBackend = {
  label: string;
  listPairs(): Promise<TApertiumPair[]>;
  /** The translation, and for the command what it said on stderr (reasons for an empty answer). */
  run(pair: TApertiumPair, text: string): Promise<{ text: string; stderr?: string }>;
};

/** The installation is looked at again after this long, so newly installed packages are found. */
const PAIRS_TTL_MS = 5 * 60_000;

export function createApertiumProvider(
  config: TTranslationConfig['apertium'],
  options: {
    timeoutMs: number;
    /** The local command; tests may point elsewhere. */
    command?: string;
    /** How an APY server is called (TEngineOptions.fetch). */
    fetch?: TFetch;
    /**
     * Where local translations wait for a core (decision 0059): the node's pool by default; null
     * runs them all at once (the benchmark's "before").
     */
    pool?: TOfflinePool | null;
    /**
     * The installation's pipelines kept loaded between texts (decision 0059); by default for the
     * installed command, never for a stand-in `command`. false starts the command for every text.
     */
    keepLoaded?: boolean;
  },
): TTranslationProvider {
  const keepLoaded = options.keepLoaded ?? options.command === undefined;
  const backend = config.apyUrl
    ? apyBackend(config.apyUrl, options.timeoutMs, options.fetch)
    : cliBackend(
        options.command ?? 'apertium',
        options.timeoutMs,
        keepLoaded ? sharedPipelines() : undefined,
      );
  // Only the local command spends this node's CPU; an APY server has its own.
  const pool = config.apyUrl ? null : options.pool === undefined ? offlinePool : options.pool;
  let cached: { at: number; pairs: Promise<Map<string, TApertiumPair>> } | undefined;

  function pairs(): Promise<Map<string, TApertiumPair>> {
    if (cached && Date.now() - cached.at < PAIRS_TTL_MS) return cached.pairs;
    const pending = backend.listPairs().then(indexApertiumPairs);
    cached = { at: Date.now(), pairs: pending };
    pending.catch(() => {
      if (cached?.pairs === pending) cached = undefined;
    });
    return pending;
  }

  return {
    name: 'apertium',
    memoryKey: config.apyUrl ? `apertium ${trimBaseUrl(config.apyUrl)}` : 'apertium local',
    async supports(from, to) {
      return apertiumRoute(await pairs(), from, to) !== undefined;
    },
    async translate(request) {
      const { from, to } = request;
      const route = apertiumRoute(await pairs(), from, to);
      if (!route) {
        throw new TranslationError(
          'unsupported',
          `${backend.label} has no ${from}→${to} pair installed`,
          'apertium',
        );
      }
      // Sentences in capitals are put in sentence case first: Apertium translates words in
      // capitals one by one and answers "Movimiento A Un REFUGIO de TORMENTA".
      const prepare = from === 'en' ? calmShouting : undefined;
      const work = () =>
        translateWithPlaceholders(
          request,
          async (text) => {
            let current = text;
            for (const pair of route) {
              const input = current;
              const answer = await backend.run(pair, current);
              if (/\S/.test(current) && !/\S/.test(answer.text))
                throw noText(backend.label, pair, answer.stderr);
              const read = readMarks(answer.text);
              current = keepCaseAfterCodes(input, read.text);
              // Words of the original only: the Spanish hop's own unknowns mean nothing to staff.
              request.notes?.unknownWords.push(...read.unknown.filter((word) => inText(word, request.text)));
            }
            return current;
          },
          prepare,
        );
      return pool ? pool.run(work, { priority: request.priority, signal: request.signal }) : work();
    },
  };
}

let pipelines: TApertiumPipelines | undefined;
/** The node's loaded pipelines, one set for every local Apertium engine. */
function sharedPipelines(): TApertiumPipelines {
  pipelines ??= createApertiumPipelines();
  return pipelines;
}

// ── local installation ──────────────────────────────────────────────────────────────────────

function cliBackend(command: string, timeoutMs: number, loaded?: TApertiumPipelines): TApertiumBackend {
  const label = 'Apertium';
  return {
    label,
    async listPairs() {
      try {
        const { stdout } = await runCommand(command, ['-l'], timeoutMs);
        return stdout
          .split('\n')
          .map((line) => parseApertiumMode(line.trim()))
          .filter((pair): pair is TApertiumPair => pair !== undefined);
      } catch (error) {
        // Not installed: no pairs, so the chain says which packages would help.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    },
    async run(pair, text) {
      const answer = await loaded?.run(pair.mode, text, timeoutMs);
      if (answer) return answer;
      // The text goes in a file: the script opens /dev/stdin by name, which fails on the socket
      // Node gives a child as its stdin.
      const dir = await mkdtemp(path.join(os.tmpdir(), 'message-station-apertium-'));
      try {
        const input = path.join(dir, 'input.txt');
        await writeFile(input, text, 'utf8');
        // Unknown words come back marked ('*word'): readMarks takes the marks off and names them.
        const { stdout, stderr } = await runCommand(command, [pair.mode, input], timeoutMs);
        return { text: stdout.trim(), stderr };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new TranslationError('unsupported', 'Apertium is not installed', 'apertium');
        }
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs a command; kills its whole process group when the deadline passes. */
function runCommand(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    // Own process group: `apertium` is a shell pipeline, and every stage must stop on timeout.
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let settled = false;
    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve({ stdout: output.stdout, stderr: output.stderr });
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      finish(apertiumTimedOut(timeoutMs));
    }, timeoutMs);
    const output = gatherOutput(child);
    child.on('error', (error) => finish(error));
    child.on('close', (code, signal) => {
      if (code === 0) return finish(undefined);
      const reason =
        output.stderr.trim().split('\n').pop() || (signal ? `stopped by ${signal}` : `exit code ${code}`);
      finish(new TranslationError('permanent', `Apertium failed: ${reason}`, 'apertium'));
    });
  });
}

// ── APY server ──────────────────────────────────────────────────────────────────────────────

function apyBackend(url: string, timeoutMs: number, fetch?: TFetch): TApertiumBackend {
  const engine: THttpEngine = { provider: 'apertium', label: 'The Apertium server', timeoutMs, fetch };
  const base = trimBaseUrl(url);
  return {
    label: engine.label,
    async listPairs() {
      const reply = await sendRequest(engine, `${base}/listPairs`, {
        headers: { accept: 'application/json' },
      });
      if (reply.status !== 200)
        throw httpFailure(engine, reply, 'transient', 'The Apertium server did not list its pairs');
      const data = (reply.body as { responseData?: unknown } | undefined)?.responseData;
      if (!Array.isArray(data)) throw malformed(engine);
      return (data as { sourceLanguage?: unknown; targetLanguage?: unknown }[])
        .map((p) =>
          typeof p?.sourceLanguage === 'string' && typeof p.targetLanguage === 'string'
            ? parseApertiumMode(`${p.sourceLanguage}-${p.targetLanguage}`)
            : undefined,
        )
        .filter((pair): pair is TApertiumPair => pair !== undefined);
    },
    async run(pair, text) {
      const reply = await sendRequest(engine, `${base}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ langpair: `${pair.source}|${pair.target}`, q: text, markUnknown: 'yes' }),
      });
      if (reply.status !== 200) throw httpFailure(engine, reply);
      const translated = (reply.body as { responseData?: { translatedText?: unknown } } | undefined)
        ?.responseData?.translatedText;
      if (typeof translated !== 'string') throw malformed(engine);
      return { text: translated.trim() };
    },
  };
}
