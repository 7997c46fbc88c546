// i18next setup: English and Spanish only; localStorage `i18nextLng`, then the browser, else English.
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type TUiLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_NAMESPACE = 'common';

// Every src/locales/{lng}/{namespace}.json is bundled; a new feature only adds its files.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', {
  eager: true,
});

function buildResources() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, module] of Object.entries(localeFiles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][namespace] = module.default;
  }
  return resources;
}

const resources = buildResources();

export function currentLanguage(): TUiLanguage {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return language === 'es' ? 'es' : 'en';
}

function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
}

i18n.on('languageChanged', syncDocumentLanguage);

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    ns: Object.keys(resources.en ?? {}),
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

syncDocumentLanguage();

export default i18n;
