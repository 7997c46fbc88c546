// A station's glossary: names, streets, schools and the station's own name, applied
// by every translation engine. GET and PUT /admin/api/settings/glossary.
import { z } from 'zod';
import { LANGUAGE_CODES } from './constants.js';
import { refusal } from './issue-message.js';
import { textField } from './text-field.js';

export const GLOSSARY_LIMITS = { terms: 200, term: 100 } as const;

/** English texts of the glossary's refusals; the catalogue (error-codes.ts) gives them codes. */
export const GLOSSARY_ERRORS = {
  termRequired: 'Each glossary term needs its words.',
  tooMany: 'A glossary holds at most 200 terms.',
} as const;

export const ZGlossaryTerm = z.object({
  /** As written in the station's messages; matched as a whole word or phrase, ignoring case. */
  term: z.string(),
  /** Language code → the words to use there; empty: keep the term as written in every language. */
  translations: z.record(z.string(), z.string()),
});
export type TGlossaryTerm = z.infer<typeof ZGlossaryTerm>;

export const ZGlossary = z.object({ terms: z.array(ZGlossaryTerm) });
export type TGlossary = z.infer<typeof ZGlossary>;

const ZGlossaryTermInput = z.object({
  term: textField({ label: 'Term', max: GLOSSARY_LIMITS.term, required: refusal('glossary_term_required') }),
  translations: z
    .partialRecord(
      z.enum(LANGUAGE_CODES, refusal('unknown_language')),
      textField({ label: 'Translation', max: GLOSSARY_LIMITS.term }),
    )
    .default({}),
});

/** The whole glossary, replaced at once. */
export const ZGlossaryRequest = z.object({
  terms: z.array(ZGlossaryTermInput).max(GLOSSARY_LIMITS.terms, refusal('glossary_too_many')),
});
export type TGlossaryRequest = z.input<typeof ZGlossaryRequest>;
