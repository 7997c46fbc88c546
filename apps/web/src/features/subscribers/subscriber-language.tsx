// Which language the subscriber pages speak, and the switch between the station's languages.
// Chosen from the browser before the station is known, then kept to the station's languages.
import type { TLanguageCode } from '@message-station/shared';
import { createContext, useContext, useEffect } from 'react';
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
export function firstGuess(): TLanguageCode {
  const remembered = rememberedSubscriberLanguage();
  if (isProductLanguage(remembered)) return remembered;
  return pickSubscriberLanguage(
    ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'],
    browserLanguages(),
    null,
  );
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
