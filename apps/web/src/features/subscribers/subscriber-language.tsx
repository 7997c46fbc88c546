// Which language the subscriber pages speak, and the switch between the station's languages.
// Chosen from the browser before the station is known, then kept to the station's languages.
import { LANGUAGE_CODES, type TLanguageCode } from '@message-station/shared/catalogue';
import { createContext, useContext, useEffect } from 'react';
import { queryKeys } from '../../api/query-keys';
import {
  browserLanguages,
  isProductLanguage,
  pickSubscriberLanguage,
  rememberedSubscriberLanguage,
} from '../../i18n/subscriber-i18n';

export type TSubscriberLanguage = {
  language: TLanguageCode;
  /** The person chose a language on the page: remembered for the subscriber pages. */
  choose: (language: TLanguageCode) => void;
  /** The station is known: speak one of its languages. */
  fitStation: (offered: readonly string[]) => void;
};

export const SubscriberLanguageContext = createContext<TSubscriberLanguage | null>(null);

export function useSubscriberLanguage(): TSubscriberLanguage {
  const context = useContext(SubscriberLanguageContext);
  if (!context) throw new Error('useSubscriberLanguage needs the SubscriberLayout');
  return context;
}

/** Before the station answers: the remembered or browser language among all nine, else English. */
function guessFrom(browser: readonly string[], remembered: string | null): TLanguageCode {
  if (isProductLanguage(remembered)) return remembered;
  return pickSubscriberLanguage(LANGUAGE_CODES, browser, null);
}

/** Once the station's languages are known: the current one if the station speaks it, else the best of its own. */
export function fittedLanguage(
  current: TLanguageCode,
  offered: readonly string[],
  browser: readonly string[],
  remembered: string | null,
): TLanguageCode {
  return offered.includes(current) ? current : pickSubscriberLanguage(offered, browser, remembered);
}

/**
 * The language a visitor's subscriber page settles on for a station: what the server renders it
 * in (decision 0044), and what staleMarkupGuard finds again in the browser, by hand.
 */
export function subscriberLanguageFor(
  offered: readonly string[],
  browser: readonly string[],
  remembered: string | null,
): TLanguageCode {
  return fittedLanguage(guessFrom(browser, remembered), offered, browser, remembered);
}

/** The server rendered the page in this language, and the app attaches to its markup. */
let renderedLanguage: TLanguageCode | null = null;

/** Called before rendering or attaching to a server-rendered subscriber page. */
export function startInLanguage(language: TLanguageCode): void {
  renderedLanguage = language;
}

/** SubscriberLayout's first language: the server-rendered page's, else the first guess. */
export function initialLanguage(): TLanguageCode {
  return renderedLanguage ?? guessFrom(browserLanguages(), rememberedSubscriberLanguage());
}

/** The rendered page is attached (or rendered, on the server): later visits start from the visitor's choice. */
export function forgetRenderedLanguage(): void {
  renderedLanguage = null;
}

/** The key of a station's info in one language (useStationInfoQuery). */
export function stationInfoKey(slug: string, language: string) {
  return [...queryKeys.subscribePage, slug, language] as const;
}

/** Fits the page's language to the station once its languages are known. */
export function useStationLanguages(offered: readonly string[] | undefined) {
  const { fitStation } = useSubscriberLanguage();
  const key = offered?.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's contents, not its identity
  useEffect(() => {
    if (offered) fitStation(offered);
  }, [key, fitStation]);
}
