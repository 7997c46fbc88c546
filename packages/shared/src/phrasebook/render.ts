// Finding an entry, checking the values staff typed, and writing an entry in a language with the
// values inserted exactly as typed (trimmed): never translated, never re-read as placeholders.
import type { TLanguageCode } from '../constants.js';
import { PHRASEBOOK } from './entries.js';
import { PHRASE_FIELD_LIMITS, PHRASE_FIELDS, type TPhraseEntry, type TPhraseField } from './fields.js';

const PLACEHOLDER = /\{(\w+)\}/g;

const byId = new Map(PHRASEBOOK.map((entry) => [entry.id, entry]));

export function findPhrase(id: string): TPhraseEntry | undefined {
  return byId.get(id);
}

function isPhraseField(name: string): name is TPhraseField {
  return (PHRASE_FIELDS as readonly string[]).includes(name);
}

/** The {field} names a template uses, in order of first use. */
export function phrasePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** Characters as a person counts them (code points), as the limits are written. */
function length(value: string): number {
  return [...value].length;
}

export type TPhraseFieldProblem = { field: TPhraseField; problem: 'required' | 'too_long' };

/** Field values missing (empty after trim) or too long, for the entry. */
export function phraseFieldProblems(
  entry: TPhraseEntry,
  values: Partial<Record<TPhraseField, string>>,
): TPhraseFieldProblem[] {
  return entry.fields.flatMap((field): TPhraseFieldProblem[] => {
    const value = values[field]?.trim() ?? '';
    if (value === '') return [{ field, problem: 'required' }];
    if (length(value) > PHRASE_FIELD_LIMITS[field]) return [{ field, problem: 'too_long' }];
    return [];
  });
}

function fill(template: string, values: Partial<Record<TPhraseField, string>>): string {
  // One pass with a function: a value is inserted as it is ("$&", "{county}" and all).
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!isPhraseField(name)) return whole;
    const value = values[name]?.trim() ?? '';
    if (value === '') throw new Error(`The phrasebook field "${name}" needs a value.`);
    return value;
  });
}

/** The text in `language` with each {field} replaced by the value exactly as typed (trimmed). Throws if a field is missing. */
export function renderPhrase(
  entry: TPhraseEntry,
  language: TLanguageCode,
  values: Partial<Record<TPhraseField, string>>,
): string {
  return fill(entry.text[language], values);
}

/** Same for the title. */
export function renderPhraseTitle(
  entry: TPhraseEntry,
  language: TLanguageCode,
  values: Partial<Record<TPhraseField, string>>,
): string {
  return fill(entry.title[language], values);
}
