// A station's glossary, and the words no engine may translate (protect.ts), held in
// placeholders: each glossary term and each protected span found in the text is swapped for a
// short code of capitals and digits (ZXQ1, ZXQ2 … one numbering for both), which Apertium, Google
// and LibreTranslate leave as written, also through Apertium's Spanish hop. Afterwards a term's
// code becomes the term's words in the target language, and a protected span's code the span
// exactly as written in the original. DeepL uses its glossaries and XML tags, the LLM engine its
// instructions; all of them check the answer with missingSpans.
import { missingSpans, protectedSpans, type TProtectedSpan } from './protect.js';
import type { TGlossaryEntry, TTranslationRequest } from './types.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The term as a whole word or phrase, ignoring case: "Oak Avenue" but not "Oak Avenues". */
export function termPattern(term: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term.trim())}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Entries that occur in the text, longest first (so "Oak Avenue School" wins over "Oak Avenue"). */
export function entriesIn(text: string, glossary: readonly TGlossaryEntry[] = []): TGlossaryEntry[] {
  return [...glossary]
    .filter((entry) => entry.term.trim() && termPattern(entry.term).test(text))
    .sort((a, b) => b.term.length - a.term.length);
}

const placeholder = (index: number) => `ZXQ${index + 1}`;
/** A code in an engine's answer, in any case (an engine may lower it), and not ZXQ1 of ZXQ12. */
const codePattern = (code: string) => new RegExp(`${code}(?!\\d)`, 'gi');
const ANY_CODE = /ZXQ\d+/i;

/** One code in the text: what it stands for, and what it becomes in the translation. */
export type THeldSlot = {
  code: string;
  /** As written in the original. */
  original: string;
  /** What the code becomes: a term's words in the target language, or the span itself. */
  replacement: string;
  /** A protected span (true) or a glossary term (false). */
  span: boolean;
};

export type THeldText = {
  /** The original with each held term and span replaced by its code. */
  text: string;
  /** The original in order: text to translate, and held slots. */
  parts: (string | THeldSlot)[];
  slots: THeldSlot[];
  /** The protected spans of the original (those a glossary term does not cover). */
  spans: TProtectedSpan[];
};

/**
 * The request's text with its protected spans (and, with `glossary`, its glossary terms) held
 * in codes. A glossary term wins over a protected span it overlaps: the station said what to write.
 */
export function holdText(request: TTranslationRequest, options: { glossary: boolean }): THeldText {
  const { text } = request;
  const entries = entriesIn(text, request.glossary);
  const taken: { start: number; end: number; slot?: THeldSlot }[] = [];
  const overlaps = (start: number, end: number) => taken.some((t) => start < t.end && end > t.start);
  const slots: THeldSlot[] = [];

  entries.forEach((entry, index) => {
    let slot: THeldSlot | undefined;
    for (const match of text.matchAll(termPattern(entry.term))) {
      const start = match.index as number;
      const end = start + match[0].length;
      if (overlaps(start, end)) continue;
      if (options.glossary && !slot) {
        slot = { code: placeholder(index), original: match[0], replacement: entry.target, span: false };
        slots.push(slot);
      }
      taken.push({ start, end, slot });
    }
  });

  // Spans cut around the glossary's terms: "Coal County, OK" with a term "Coal County" keeps ", OK".
  const spans: TProtectedSpan[] = [];
  for (const span of protectedSpans(text, { from: request.from, keep: request.keep })) {
    let pieces: [number, number][] = [[span.start, span.end]];
    for (const term of taken) {
      pieces = pieces.flatMap(([s, e]): [number, number][] =>
        term.end <= s || term.start >= e
          ? [[s, e]]
          : [
              [s, term.start],
              [term.end, e],
            ],
      );
    }
    for (let [s, e] of pieces) {
      while (s < e && /[\s,;]/.test(text[s] as string)) s += 1;
      while (e > s && /[\s,;]/.test(text[e - 1] as string)) e -= 1;
      if (/[\p{L}\p{N}]/u.test(text.slice(s, e))) spans.push({ start: s, end: e, text: text.slice(s, e) });
    }
  }
  const byText = new Map<string, THeldSlot>();
  for (const span of spans) {
    let slot = byText.get(span.text);
    if (!slot) {
      slot = {
        code: placeholder(entries.length + byText.size),
        original: span.text,
        replacement: span.text,
        span: true,
      };
      byText.set(span.text, slot);
      slots.push(slot);
    }
    taken.push({ start: span.start, end: span.end, slot });
  }

  const parts: (string | THeldSlot)[] = [];
  let at = 0;
  for (const { start, end, slot } of taken.filter((t) => t.slot).sort((a, b) => a.start - b.start)) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(slot as THeldSlot);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  const held = parts.map((part) => (typeof part === 'string' ? part : part.code)).join('');
  return { text: held, parts, slots, spans };
}

/**
 * The engine's answer with each code replaced by what it stands for; undefined when the engine
 * lost a code (or made one up): that answer cannot be used.
 */
export function restoreCodes(translated: string, slots: readonly THeldSlot[]): string | undefined {
  let out = translated;
  for (const slot of slots) {
    const pattern = codePattern(slot.code);
    if (!pattern.test(out)) return undefined;
    out = out.replace(pattern, () => slot.replacement);
  }
  return ANY_CODE.test(out) ? undefined : out;
}

/**
 * The held text translated piece by piece around its codes, each code replaced by what it stands
 * for: the held words never reach the engine, so they cannot be lost. The pieces lose the
 * sentence around them, so this is the last resort, when an engine dropped a code.
 */
export async function translateInPieces(
  held: THeldText,
  run: (text: string) => Promise<string>,
  prepare: (text: string) => string = (text) => text,
): Promise<string> {
  const prepared = prepare(held.text);
  const slots = new Map(held.slots.map((slot) => [slot.code, slot]));
  let out = '';
  for (const part of prepared.split(/(ZXQ\d+)(?!\d)/)) {
    const slot = slots.get(part);
    if (slot) out += slot.replacement;
    else if (!/\p{L}/u.test(part)) out += part;
    else {
      const lead = /^\s*/.exec(part)?.[0] ?? '';
      const trail = /\s*$/.exec(part)?.[0] ?? '';
      out += lead + (await run(part.trim())).trim() + trail;
    }
  }
  return out;
}

/**
 * Translates `request.text` with its glossary terms and protected spans held in placeholders.
 * When the engine lost a placeholder, the text as written is translated again (a translation
 * without the glossary beats one with a stray code in it), and kept if every protected span is
 * in it as written; otherwise the text is translated piece by piece around what must be kept.
 * `prepare` readies any text for this engine (Apertium: sentences in capitals in sentence case).
 */
export async function translateWithPlaceholders(
  request: TTranslationRequest,
  run: (text: string) => Promise<string>,
  prepare: (text: string) => string = (text) => text,
): Promise<string> {
  const held = holdText(request, { glossary: true });
  if (!held.slots.length) return run(prepare(request.text));
  const restored = restoreCodes(await run(prepare(held.text)), held.slots);
  if (restored !== undefined) return restored;
  const plain = await run(prepare(request.text));
  if (missingSpans(plain, held.spans).length === 0) return plain;
  return translateInPieces(held, run, prepare);
}

/** The LLM engine's instructions for the terms in this text. */
export function glossaryInstructions(request: TTranslationRequest): string[] {
  const entries = entriesIn(request.text, request.glossary);
  if (!entries.length) return [];
  return [
    'Use this glossary; it overrides the rules above:',
    ...entries.map((entry) =>
      entry.target === entry.term
        ? `- "${entry.term}": keep exactly as written, do not translate it.`
        : `- "${entry.term}": write it as "${entry.target}".`,
    ),
  ];
}
