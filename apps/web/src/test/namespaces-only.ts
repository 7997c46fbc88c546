// An i18next instance holding only the given English namespaces, that notes every key it misses:
// a page rendered with it shows which texts it needs beyond the namespaces it loads.
import { createInstance, type ResourceKey } from 'i18next';

export async function namespacesOnly(namespaces: Record<string, ResourceKey>) {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: namespaces },
    ns: Object.keys(namespaces),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
    react: { useSuspense: false },
  });
  return { i18n, missing };
}
