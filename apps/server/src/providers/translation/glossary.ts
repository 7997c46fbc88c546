// A station's glossary as engines without a glossary of their own apply it (issue 19): each term
// found in the text is swapped for a placeholder the engine passes through untouched (a short
// code of capitals and digits, which Apertium, Google and LibreTranslate leave as written, also
// through Apertium's Spanish hop), and the placeholder is swapped for the term's words in the
// target language afterwards. DeepL uses its glossaries and the LLM engine its instructions.
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

/**
 * Translates `request.text` with its glossary terms held in placeholders. When the engine lost a
 * placeholder, the text is translated again without them: a translation without the glossary is
 * better than one with a stray code in it.
 */
export async function translateWithPlaceholders(
  request: TTranslationRequest,
  run: (text: string) => Promise<string>,
): Promise<string> {
  const entries = entriesIn(request.text, request.glossary);
  if (!entries.length) return run(request.text);
  let text = request.text;
  const used: { code: string; target: string }[] = [];
  entries.forEach((entry, index) => {
    const code = placeholder(index);
    const next = text.replace(termPattern(entry.term), code);
    if (next !== text) used.push({ code, target: entry.target });
    text = next;
  });
  const translated = await run(text);
  if (!used.every(({ code }) => new RegExp(code, 'i').test(translated))) return run(request.text);
  return used.reduce((out, { code, target }) => out.replace(new RegExp(code, 'gi'), target), translated);
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
