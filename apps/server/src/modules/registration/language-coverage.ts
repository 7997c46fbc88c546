// Signup step 3's marks (decision 0050): which languages a new station could translate into from
// the primary language the wizard chose. A new station has no engines of its own, so this is the
// operator's chain alone, and nothing it writes is trusted: a covered language is `review`, one no
// engine covers `needs_setup` (only the phrasebook's alerts would reach it).
import { LANGUAGE_CODES, type TLanguageCode, type TSignupLanguageCoverage } from '@message-station/shared';
import type { TTranslationProvider } from '../../providers/translation/types.js';

export async function signupLanguageCoverage(
  operator: TTranslationProvider,
  from: TLanguageCode,
): Promise<TSignupLanguageCoverage> {
  const languages = await Promise.all(
    LANGUAGE_CODES.filter((language) => language !== from).map(async (language) => {
      // An engine that cannot be asked (a server down) does not cover the language today.
      const covers = await Promise.resolve(operator.supports(from, language)).catch(() => false);
      return { language, status: covers ? ('review' as const) : ('needs_setup' as const) };
    }),
  );
  return { from, languages };
}
