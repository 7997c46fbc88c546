// The staff interface's language as a hook: components that depend on it render again when it changes.

import type { TUiLanguage } from './index';
import { useTranslation } from './react';

export function useUiLanguage(): TUiLanguage {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language) === 'es' ? 'es' : 'en';
}
