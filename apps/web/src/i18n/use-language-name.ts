import { LANGUAGE_CODES, type TLanguageCode } from '@message-station/shared/catalogue';
import { useCallback } from 'react';
import { useTranslation } from './react';

/** A language code as a name in the UI language ('es' → 'Spanish' / 'Español'). */
export function useLanguageName(): (code: string, fallback?: string) => string {
  const { t } = useTranslation();
  return useCallback(
    (code: string, fallback?: string) =>
      (LANGUAGE_CODES as readonly string[]).includes(code)
        ? t(`languageNames.${code as TLanguageCode}`)
        : (fallback ?? code),
    [t],
  );
}
