// The translation memory (decision 0059): a text is translated once per language, engine and
// glossary, and every job for the same text reuses the result.
//
// - Key: SHA-256 of the original normalised (Unicode NFC, line ends, spaces) with each link as a
//   slot, the language pair, the engine that would run and the settings that change its output
//   (TTranslationProvider.memoryKey), who it is (the station's own or the operator's), and the
//   glossary as it applies to this text (its terms found in the text, with their words, and the
//   words kept as written found in it). A glossary change that touches the text misses.
// - Scope: NWS alert drafts nobody edited are public, shared by every station; anything else is
//   the station's own, reused only within the station. A station's own engine is never shared.
// - Single flight: the first job claims the key and runs the engine; the others wait for its
//   answer. A claim lives LEASE_MS unless its job renews it, so a dead job's claim lapses and the
//   next waiter takes it over.
// - Only engine output is kept; staff's corrections live on their translation rows and never
//   come here. A hit is recorded with the label of the engine that wrote it, so the station's
//   trust reads it as it would the engine's own answer (decision 0050).
import { createHash, randomUUID } from 'node:crypto';
import type { TLanguageCode } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { termPattern } from '../../providers/translation/glossary.js';
import { type TGlossaryEntry, TranslationError } from '../../providers/translation/types.js';
import * as repo from './memory-repo.js';

/** Bump when our own handling around the engines changes what a text becomes: old rows then miss. */
const MEMORY_FORMAT = 1;
/**
 * A claim's life without renewal: a job that died holds the others up at most this long. Renewed
 * four times per lease, so a node slowed down by load (the 1,000-station bench at load 30 lapsed
 * 10 s leases) keeps its claim; under the job's own deadline (decision 0056).
 */
export const LEASE_MS = 20_000;
/** What a stand-in engine wrote (the station's first engine failed) is kept this long only. */
const STAND_IN_LIFE_MS = 10 * 60_000;
/** Rows nobody used for this many days are pruned by the minute's sweep. */
export const MEMORY_DAYS = 30;

const SLOT_OPEN = '\u27e6';
const SLOT_CLOSE = '\u27e7';
const LINK = /\bhttps?:\/\/[^\s<>"]+/gi;

/** The same text however it was typed: NFC, \n line ends, no trailing or repeated spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The text with each link as a numbered slot: a weather draft's link to its own page differs per
 * station and message, and engines keep links as written, so the translation is the same around it.
 */
export function withLinkSlots(text: string): { text: string; links: string[] } {
  const links: string[] = [];
  const slotted = text.replace(LINK, (match) => {
    const link = match.replace(/[.,;:!?)\]'"”’]+$/, '');
    links.push(link);
    return `${SLOT_OPEN}${links.length}${SLOT_CLOSE}${match.slice(link.length)}`;
  });
  return { text: slotted, links };
}

/** The translation with the original's links as slots; null when an engine did not keep each once. */
export function slotLinks(translated: string, links: readonly string[]): string | null {
  if (translated.includes(SLOT_OPEN)) return null;
  let out = translated;
  // Longest first, so a link that begins another is not found inside it.
  for (const link of [...new Set(links)].sort((a, b) => b.length - a.length)) {
    const slots = links.flatMap((l, i) => (l === link ? [i + 1] : []));
    const parts = out.split(link);
    if (parts.length - 1 !== slots.length) return null;
    out = parts
      .map((part, i) => (i === 0 ? part : `${SLOT_OPEN}${slots[i - 1]}${SLOT_CLOSE}${part}`))
      .join('');
  }
  return out;
}

/** A remembered translation with this message's links in its slots; null when they do not fit. */
export function fillLinks(stored: string, links: readonly string[]): string | null {
  let ok = true;
  const seen = new Set<number>();
  const filled = stored.replace(new RegExp(`${SLOT_OPEN}(\\d+)${SLOT_CLOSE}`, 'g'), (_, n: string) => {
    const link = links[Number(n) - 1];
    if (link === undefined) ok = false;
    seen.add(Number(n));
    return link ?? '';
  });
  return ok && seen.size === links.length ? filled : null;
}

export type TMemoryEngine = {
  /** As translations record it: `operator:apertium`, `station:deepl`. */
  label: string;
  /** TTranslationProvider.memoryKey: the engine's settings that change its output. */
  settings: string;
};

export type TMemoryPlan = repo.TMemorySlot & { links: string[]; engine: TMemoryEngine };

/** The memory slot of one text: where it is shared, and its key. */
export function planMemory(input: {
  stationId: string;
  /** A public text (an NWS alert draft) any station may reuse. */
  isPublic: boolean;
  text: string;
  from: TLanguageCode;
  to: TLanguageCode;
  engine: TMemoryEngine;
  glossary: readonly TGlossaryEntry[];
  keep: readonly string[];
}): TMemoryPlan {
  const normal = normaliseText(input.text);
  const slotted = withLinkSlots(normal);
  // The glossary as it applies here: terms and kept words found in the text (engines use no other).
  const terms = input.glossary
    .filter((entry) => entry.term.trim() && termPattern(entry.term).test(normal))
    .map((entry) => [entry.term.trim().toLocaleLowerCase(), entry.target])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const kept = input.keep
    .filter((word) => word.trim() && termPattern(word).test(normal))
    .map((word) => word.trim().toLocaleLowerCase())
    .sort();
  // A station's own engine is the station's alone, whatever the text.
  const shared = input.isPublic && input.engine.label.startsWith('operator:');
  const key = createHash('sha256')
    .update(
      JSON.stringify([
        MEMORY_FORMAT,
        input.from,
        input.to,
        input.engine.label,
        input.engine.settings,
        terms,
        kept,
        slotted.text,
      ]),
    )
    .digest('hex');
  return {
    scope: shared ? 'public' : input.stationId,
    stationId: shared ? null : input.stationId,
    key,
    from: input.from,
    to: input.to,
    links: slotted.links,
    engine: input.engine,
  };
}

/** What the engine (or the memory) gives a job. */
export type TRemembered = { text: string; engine: string; unknownWords: string[]; hit: boolean };
/** What running the engine gave: `standIn` when an engine after the first wrote it. */
export type TProduced = { text: string; engine: string; unknownWords: string[]; standIn: boolean };

export type TMemoryOptions = {
  /** Waiting gives up then (the job's own deadline): the job fails transiently and is retried. */
  deadline: number;
  leaseMs?: number;
  /** Between looks at a claim someone else holds. */
  pollMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The translation of `plan`'s text: from the memory, from the job that is translating it now (we
 * wait), or from `produce` (the engine), which we then keep for the others.
 */
export async function throughMemory(
  db: Db,
  plan: TMemoryPlan,
  produce: () => Promise<TProduced>,
  options: TMemoryOptions,
): Promise<TRemembered> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let wait = options.pollMs ?? 50;
  for (;;) {
    const done = await repo.takeDone(db, plan.scope, plan.key);
    if (done?.translatedText != null && done.engine) {
      const text = fillLinks(done.translatedText, plan.links);
      // A row whose slots do not fit this text (never expected) is not used: the engine runs.
      if (text !== null) return { text, engine: done.engine, unknownWords: done.unknownWords, hit: true };
      const produced = await produce();
      return { ...produced, hit: false };
    }
    const token = randomUUID();
    if (await repo.claim(db, plan, token, leaseMs)) return runClaimed(db, plan, token, leaseMs, produce);
    if (Date.now() >= options.deadline) {
      throw new TranslationError(
        'transient',
        'The same text was still being translated for another message; it will be tried again',
      );
    }
    await sleep(wait);
    wait = Math.min(wait * 2, options.pollMs ? options.pollMs * 8 : 400);
  }
}

async function runClaimed(
  db: Db,
  plan: TMemoryPlan,
  token: string,
  leaseMs: number,
  produce: () => Promise<TProduced>,
): Promise<TRemembered> {
  // Renewed while the engine runs, so the claim lapses only when this job is gone.
  const renew = setInterval(
    () => void repo.renewClaim(db, plan.scope, plan.key, token, leaseMs).catch(() => {}),
    Math.max(50, Math.floor(leaseMs / 4)),
  );
  renew.unref();
  let produced: TProduced;
  try {
    produced = await produce();
  } catch (error) {
    clearInterval(renew);
    await repo.release(db, plan.scope, plan.key, token).catch(() => {});
    throw error;
  }
  clearInterval(renew);
  const stored = slotLinks(produced.text, plan.links);
  if (stored === null) {
    await repo.release(db, plan.scope, plan.key, token);
  } else {
    await repo.fulfil(db, plan.scope, plan.key, {
      engine: produced.engine,
      translatedText: stored,
      unknownWords: produced.unknownWords,
      shortLifeMs: produced.standIn ? STAND_IN_LIFE_MS : null,
    });
  }
  return { text: produced.text, engine: produced.engine, unknownWords: produced.unknownWords, hit: false };
}
