// Honest coverage (decision 0050): which languages the service can translate into, shown where a
// language is chosen. Signup step 3 asks before the station exists (the operator's engines alone),
// Settings asks for every product language with the station's engines first, and the join page
// carries each of the station's languages with what its subscribers get.
import { z } from 'zod';
import { LANGUAGE_CODES } from './constants.js';
import { refusal } from './issue-message.js';
import { ZLanguageCoverage } from './translation-settings.js';

/**
 * `trusted`: a trusted engine covers it, free text reaches subscribers unattended; `review`: an
 * engine covers it, its text goes unattended only once staff reviewed it; `needs_setup`: no
 * engine, only phrasebook alerts reach it (other messages arrive as the original with a notice).
 */
export const COVERAGE_STATUSES = ['trusted', 'review', 'needs_setup'] as const;
export type TCoverageStatus = (typeof COVERAGE_STATUSES)[number];

/** `?from=`: the language messages would be written in (signup: the primary the wizard chose). */
export const ZLanguageCoverageQuery = z.object({
  from: z.enum(LANGUAGE_CODES, refusal('unknown_language')).default('en'),
});

/**
 * `GET /api/register/language-coverage?from=` (public, signup step 3): every product language
 * other than `from`, as a new station would have it: the operator's engines only (a new station has
 * none of its own), so never `trusted`. Engine names are not said to visitors.
 */
export const ZSignupLanguageCoverage = z.object({
  from: z.enum(LANGUAGE_CODES),
  languages: z.array(z.object({ language: z.enum(LANGUAGE_CODES), status: z.enum(COVERAGE_STATUSES) })),
});
export type TSignupLanguageCoverage = z.infer<typeof ZSignupLanguageCoverage>;

/**
 * `GET /admin/api/settings/translation/languages?from=` (admins, Settings → Station's Supported
 * Languages): every product language other than `from`, ticked or not, with the station's engines
 * first, so an admin sees what a language would get before adding it.
 */
export const ZAllLanguagesCoverage = z.object({
  from: z.enum(LANGUAGE_CODES),
  languages: z.array(ZLanguageCoverage),
});
export type TAllLanguagesCoverage = z.infer<typeof ZAllLanguagesCoverage>;

/**
 * What the subscribers reading one of a station's languages get, on its join page: `primary` (the
 * station writes in it), else its coverage from the primary language.
 */
export const SUBSCRIBER_COVERAGES = ['primary', ...COVERAGE_STATUSES] as const;
export const ZSubscriberCoverage = z.enum(SUBSCRIBER_COVERAGES);
export type TSubscriberCoverage = z.infer<typeof ZSubscriberCoverage>;
