// An engine's name in the UI language: the station engines' and the usual operator ones; any other
// (a name the operator's chain reports) as given.
import { useCallback } from 'react';
import { useTranslation } from '../../i18n/react';

const KNOWN = ['deepl', 'google', 'openai', 'libretranslate', 'apertium', 'none'] as const;

export function useEngineName(): (name: string) => string {
  const { t } = useTranslation('translationSettings');
  return useCallback(
    (name: string) =>
      (KNOWN as readonly string[]).includes(name) ? t(`engines.${name as (typeof KNOWN)[number]}`) : name,
    [t],
  );
}
