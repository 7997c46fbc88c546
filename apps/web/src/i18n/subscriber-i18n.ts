// The subscriber pages' own translator (decision 0027): all nine product languages, apart
// from the staff interface's en/es. Only subscribers.json is needed; each language is its own
// small chunk, loaded when chosen. The choice is remembered for these pages only.
import { LANGUAGE_CODES, type TLanguageCode } from '@message-station/shared/catalogue';
import { createInstance, type TTexts } from './translator';

export const SUBSCRIBER_NAMESPACE = 'subscribers';
export const SUBSCRIBER_LANGUAGE_KEY = 'subscriberLanguage';

const FILES = import.meta.glob<TTexts>('../locales/*/subscribers.json', { import: 'default' });

export function isProductLanguage(code: string | null | undefined): code is TLanguageCode {
  return !!code && (LANGUAGE_CODES as readonly string[]).includes(code);
}

/** "zh-Hant-TW" → "zh": the station languages are plain language codes. */
function baseLanguage(tag: string): string {
  return tag.toLowerCase().split('-')[0] ?? tag;
}

/**
 * The page language: the one the person picked here before, else the first of the browser's
 * languages the station speaks, else the station's primary (the first of `offered`).
 */
export function pickSubscriberLanguage(
  offered: readonly string[],
  browser: readonly string[],
  remembered: string | null,
): TLanguageCode {
  const speaks = (code: string | null | undefined): code is TLanguageCode =>
    isProductLanguage(code) && offered.includes(code);
  if (speaks(remembered)) return remembered;
  const fromBrowser = browser.map(baseLanguage).find(speaks);
  if (fromBrowser) return fromBrowser;
  const primary = offered.find(isProductLanguage);
  return primary ?? 'en';
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}

export function rememberedSubscriberLanguage(): string | null {
  try {
    return localStorage.getItem(SUBSCRIBER_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

export function rememberSubscriberLanguage(language: TLanguageCode): void {
  try {
    localStorage.setItem(SUBSCRIBER_LANGUAGE_KEY, language);
  } catch {
    // Private windows may refuse storage: the page still switches, it just will not remember.
  }
}

export const subscriberI18n = createInstance();

const ready = subscriberI18n.init({
  ns: [SUBSCRIBER_NAMESPACE],
  defaultNS: SUBSCRIBER_NAMESPACE,
  fallbackLng: false,
  supportedLngs: LANGUAGE_CODES,
  lng: 'en',
});

/** True when this language's texts are loaded and it is the pages' language. */
export function isSubscriberLanguageLoaded(language: TLanguageCode): boolean {
  return (
    subscriberI18n.isInitialized &&
    subscriberI18n.language === language &&
    subscriberI18n.hasResourceBundle(language, SUBSCRIBER_NAMESPACE)
  );
}

/** Loads one language's texts (its own chunk) and makes it the pages' language. */
export async function loadSubscriberLanguage(language: TLanguageCode): Promise<void> {
  await ready;
  if (!subscriberI18n.hasResourceBundle(language, SUBSCRIBER_NAMESPACE)) {
    const load = FILES[`../locales/${language}/subscribers.json`];
    if (!load) throw new Error(`No subscriber texts for ${language}`);
    subscriberI18n.addResourceBundle(language, SUBSCRIBER_NAMESPACE, await load());
  }
  if (subscriberI18n.language !== language) await subscriberI18n.changeLanguage(language);
}
