// Failures a machine can see in a translation without reading the language: numbers
// of the original missing from it, text the engine left as it was, and words the engine said it
// did not know (Apertium marks them). Shown as warnings beside
// the translation; a person decides. Server and web word them from these codes.
import { z } from 'zod';

export const TRANSLATION_WARNINGS = [
  'numbers_missing',
  'unchanged',
  'unknown_words',
  'untranslated_run',
] as const;
export const ZTranslationWarning = z.object({
  code: z.enum(TRANSLATION_WARNINGS),
  /**
   * numbers_missing: the original's numbers not found, e.g. "5:30, 911"; unknown_words: the words;
   * untranslated_run: words of the original the engine left as they were, e.g. "take covered now".
   */
  detail: z.string().nullable(),
});
export type TTranslationWarning = z.infer<typeof ZTranslationWarning>;

/** Digit runs ("5", "30", "911", "2026"); separators between them are written differently per language. */
function digitRuns(text: string): string[] {
  return text.match(/\d+/g) ?? [];
}

/**
 * A number of the original is kept when the translation has it, zero-padded or not, or as the
 * 24-hour form of a 12-hour time (5 PM → 17 h).
 */
function keptNumber(run: string, translated: Set<number>, raw: Set<string>): boolean {
  if (raw.has(run)) return true;
  const value = Number(run);
  if (translated.has(value)) return true;
  return value >= 1 && value <= 12 && translated.has(value + 12);
}

/** Groups the original's digits back into the numbers a reader sees ("5:30 PM" → "5:30"). */
function numbersOf(text: string): string[] {
  return text.match(/\d+(?:[:.,]\d+)*/g) ?? [];
}

export function translationWarnings(
  original: string,
  translation: string,
  unknownWords: readonly string[] = [],
): TTranslationWarning[] {
  const warnings: TTranslationWarning[] = [];
  if (unknownWords.length) warnings.push({ code: 'unknown_words', detail: unknownWords.join(', ') });
  const letters = /\p{L}/u.test(original);
  if (letters && original.trim().toLocaleLowerCase() === translation.trim().toLocaleLowerCase()) {
    warnings.push({ code: 'unchanged', detail: null });
  }
  const runs = digitRuns(translation);
  const raw = new Set(runs);
  const values = new Set(runs.map(Number));
  const missing = numbersOf(original).filter(
    (number) => !digitRuns(number).every((run) => keptNumber(run, values, raw)),
  );
  if (missing.length) warnings.push({ code: 'numbers_missing', detail: [...new Set(missing)].join(', ') });
  const run = unchangedWords(original, translation);
  if (run && !warnings.some((w) => w.code === 'unchanged'))
    warnings.push({ code: 'untranslated_run', detail: run });
  return warnings;
}

const WORD = /[\p{L}'’]+/gu;

/**
 * The first run of three or more ordinary words (lower case in the original, so not names) that the
 * translation still has as the original wrote them: an engine that gave up on part of a sentence.
 */
export function unchangedWords(original: string, translation: string): string | null {
  const words = original.match(WORD) ?? [];
  const kept = ` ${(translation.match(WORD) ?? []).join(' ').toLocaleLowerCase()} `;
  let best: string[] = [];
  for (let start = 0; start < words.length; start++) {
    const run: string[] = [];
    for (let i = start; i < words.length; i++) {
      const word = words[i] as string;
      if (word !== word.toLocaleLowerCase() || word.length < 2) break;
      if (!kept.includes(` ${[...run, word].join(' ').toLocaleLowerCase()} `)) break;
      run.push(word);
    }
    if (run.length > best.length) best = run;
  }
  return best.length >= 3 ? best.join(' ') : null;
}

/**
 * How much of the original a back-translation keeps: the share of the original's words (three
 * letters or more, ignoring case) found in it, 0 to 1. Under one half, the meaning likely drifted.
 */
export function backTranslationOverlap(original: string, back: string): number {
  const words = (text: string) =>
    (text.toLocaleLowerCase().match(WORD) ?? []).filter((word) => word.length >= 3);
  const source = [...new Set(words(original))];
  if (source.length === 0) return 1;
  const found = new Set(words(back));
  return source.filter((word) => found.has(word)).length / source.length;
}

/** Below this overlap a back-translation is flagged as far from the original. */
export const BACK_TRANSLATION_FAR = 0.5;
