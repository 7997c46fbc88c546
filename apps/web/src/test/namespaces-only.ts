// A translator holding only the given English namespaces, that notes every key it misses:
// a page rendered with it shows which texts it needs beyond the namespaces it loads.
import { createInstance, type TTexts } from '../i18n/translator';

export async function namespacesOnly(namespaces: Record<string, TTexts>) {
  const missing: string[] = [];
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    fallbackLng: false,
    supportedLngs: ['en'],
    resources: { en: namespaces },
    ns: Object.keys(namespaces),
    defaultNS: 'common',
    onMissingKey: (_language, namespace, key) => {
      missing.push(`${namespace}:${key}`);
    },
  });
  return { i18n, missing };
}
