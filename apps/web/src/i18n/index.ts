// The interface's translator (src/i18n/translator.ts, decision 0087): English and Spanish only;
// localStorage `i18nextLng`, then the browser, else English. Translations load on demand
// (decision 0014): the landing page's namespaces one file at a time, every other namespace of a
// language in one chunk, fetched before a page that needs it renders.
import { setDefaultTranslator } from './react';
import { Translator, type TTexts } from './translator';

export const SUPPORTED_LANGUAGES = ['en', 'es'] as const;
export type TUiLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_NAMESPACE = 'common';

type TNamespaces = Record<string, TTexts>;

const i18n = new Translator();
setDefaultTranslator(i18n);

/**
 * The namespaces the landing page paints with, and `errors`, which any refused call loads (a
 * visitor's session check is one): small chunks of their own, so no public page loads every text.
 */
const FIRST_PAINT_FILES = import.meta.glob<TTexts>('../locales/*/{common,landing,errors}.json', {
  import: 'default',
});

/**
 * What the admin area's first view (its frame and the dashboard) renders with, beside `common`:
 * a chunk per language of their own (bundles/{lng}-admin.ts globs these very files), so that a
 * visit of /admin does not load every page's texts.
 */
export const ADMIN_FIRST_VIEW_NAMESPACES = ['admin', 'dashboard', 'superadmin'] as const;

type TBundle = () => Promise<{ files: Record<string, TTexts> }>;

/**
 * Every other namespace of one language in one chunk; a new src/locales/{lng}/{ns}.json joins it
 * by itself.
 */
const LANGUAGE_BUNDLES: Record<TUiLanguage, { adminFirstView: TBundle; rest: TBundle }> = {
  en: { adminFirstView: () => import('./bundles/en-admin'), rest: () => import('./bundles/en') },
  es: { adminFirstView: () => import('./bundles/es-admin'), rest: () => import('./bundles/es') },
};

type TBundleName = keyof (typeof LANGUAGE_BUNDLES)[TUiLanguage];

function bundleOf(namespace: string): TBundleName {
  return (ADMIN_FIRST_VIEW_NAMESPACES as readonly string[]).includes(namespace) ? 'adminFirstView' : 'rest';
}

function namespaceOf(path: string): string {
  return /\/([^/]+)\.json$/.exec(path)?.[1] ?? path;
}

/** Keyed by namespace: the files of one language, as import.meta.glob names them. */
function namespacesFromFiles(files: Record<string, TTexts>): TNamespaces {
  return Object.fromEntries(Object.entries(files).map(([path, data]) => [namespaceOf(path), data]));
}

function isUiLanguage(language: string): language is TUiLanguage {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(language);
}

const bundles = new Map<string, Promise<TNamespaces>>();

function loadBundle(language: TUiLanguage, name: TBundleName): Promise<TNamespaces> {
  const key = `${language}/${name}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = LANGUAGE_BUNDLES[language][name]().then((module) => namespacesFromFiles(module.files));
    // A failed download (offline, new deploy) is retried by the next request, not cached.
    bundle.catch(() => bundles.delete(key));
    bundles.set(key, bundle);
  }
  return bundle;
}

/** Every namespace of a language, from both of its chunks. */
async function loadWholeLanguage(language: TUiLanguage): Promise<TNamespaces> {
  const [adminFirstView, rest] = await Promise.all([
    loadBundle(language, 'adminFirstView'),
    loadBundle(language, 'rest'),
  ]);
  return { ...adminFirstView, ...rest };
}

// Component tests render any component at once: there, the first namespace read of a language
// brings all of its namespaces into the store (a build-time constant; production reads per file).
const WHOLE_LANGUAGE_AT_ONCE = import.meta.env.MODE === 'test';

async function readNamespace(language: string, namespace: string): Promise<TTexts> {
  if (!isUiLanguage(language)) throw new Error(`Unsupported language ${language}`);
  const single = FIRST_PAINT_FILES[`../locales/${language}/${namespace}.json`];
  if (single && !WHOLE_LANGUAGE_AT_ONCE) return single();
  const bundle = WHOLE_LANGUAGE_AT_ONCE
    ? await loadWholeLanguage(language)
    : await loadBundle(language, bundleOf(namespace));
  if (WHOLE_LANGUAGE_AT_ONCE) {
    for (const [name, data] of Object.entries(bundle)) {
      if (!i18n.hasResourceBundle(language, name)) i18n.addResourceBundle(language, name, data);
    }
  }
  const data = bundle[namespace];
  if (!data) throw new Error(`No ${language} translations for namespace ${namespace}`);
  return data;
}

/** Where the chosen language is kept (the prerendered pages' head script reads it too). */
const STORED_LANGUAGE = 'i18nextLng';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORED_LANGUAGE);
  } catch {
    return null;
  }
}

/**
 * The languages the visitor prefers: the one chosen here before (localStorage `i18nextLng`),
 * then the browser's; the translator takes the first it speaks.
 */
function detectLanguages(): string[] {
  const found: string[] = [];
  const stored = typeof window === 'undefined' ? null : readStored();
  if (stored) found.push(stored);
  if (typeof navigator !== 'undefined') {
    if (navigator.languages?.length) found.push(...navigator.languages);
    else if (navigator.language) found.push(navigator.language);
  }
  return found;
}

function rememberLanguage(language: string): void {
  try {
    window.localStorage.setItem(STORED_LANGUAGE, language);
  } catch {
    // Storage refused (private mode, quota, no window in the prerender): the language holds for this visit.
  }
}

export function currentLanguage(): TUiLanguage {
  return i18n.language === 'es' ? 'es' : 'en';
}

function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = currentLanguage();
}

i18n.on('languageChanged', syncDocumentLanguage);

/** Settles once the language is known and the common namespace is loaded. */
export const i18nReady: Promise<unknown> = i18n.init({
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  fallbackLng: 'en',
  supportedLngs: SUPPORTED_LANGUAGES,
  load: readNamespace,
  detect: detectLanguages,
  remember: rememberLanguage,
});

syncDocumentLanguage();

/**
 * Loads these namespaces for the current language. Once loaded, a namespace
 * also loads with every later language change, so a page never shows raw keys after switching.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  await i18nReady;
  await i18n.loadNamespaces([...namespaces]);
}

/** Loads every namespace of the current language: what a page that does not list its own needs. */
export async function loadAllNamespaces(): Promise<void> {
  await i18nReady;
  const names = Object.keys(await loadWholeLanguage(currentLanguage()));
  await i18n.loadNamespaces(names);
}

export default i18n;
