// Prerendered pages (decision 0014): which HTML the build renders ahead, and when the browser may
// hydrate it instead of rendering from scratch.
import type { TLanguageCode, TStationPublicInfo } from '@message-station/shared';
import type { TUiLanguage } from '../i18n';

/** Pages whose HTML the build renders (scripts/prerender.mjs), in the language of most first visitors. */
export const PRERENDERED_PAGES: readonly { path: string; language: TUiLanguage }[] = [
  { path: '/', language: 'en' },
];

/**
 * A page as rendered: ahead (stamped on #root) or for the visitor now. The subscriber pages, which
 * the server renders per station (decision 0044), also speak the subscriber's language.
 */
export type TPageRender = { path: string; language: TUiLanguage; year: number; subscriberLanguage?: string };

/** Set on <html> by the head script while the prerendered markup is not the visitor's page. */
export const STALE_ATTRIBUTE = 'data-prerender-stale';

export function stampAttributes(stamp: TPageRender): Record<string, string> {
  return {
    'data-prerendered-path': stamp.path,
    'data-prerendered-language': stamp.language,
    // The footer shows the current year: markup from another year must not be hydrated.
    'data-prerendered-year': String(stamp.year),
    ...(stamp.subscriberLanguage ? { 'data-prerendered-subscriber-language': stamp.subscriberLanguage } : {}),
  };
}

/** True when #root holds prerendered markup of exactly the page this visitor would render. */
export function canHydrate(root: HTMLElement, visit: TPageRender): boolean {
  const { prerenderedPath, prerenderedLanguage, prerenderedYear, prerenderedSubscriberLanguage } =
    root.dataset;
  return (
    root.firstElementChild !== null &&
    prerenderedPath === visit.path &&
    prerenderedLanguage === visit.language &&
    prerenderedYear === String(visit.year) &&
    prerenderedSubscriberLanguage === visit.subscriberLanguage
  );
}

/** What a subscriber page's guard needs to find the subscriber's language (decision 0044). */
export type TSubscriberGuard = {
  /** The station's languages, primary first. */
  offered: readonly string[];
  /** Every product language: what a remembered choice or a first guess may be. */
  productLanguages: readonly string[];
  /** localStorage key of the language a subscriber chose on these pages. */
  rememberedKey: string;
};

/**
 * Runs in <head> before the markup paints. It finds the language as src/i18n/index.ts will
 * (localStorage `i18nextLng`, then the browser's languages, else English) and hides the markup
 * when it is in another language or from another year, so a Spanish visitor never sees English
 * first; main.tsx then renders the page afresh and shows it. On a subscriber page it also finds
 * the subscriber's language as SubscriberLayout will (subscriberLanguageFor): the remembered or
 * browser language among the product's, kept to the station's.
 */
export function staleMarkupGuard(
  stamp: TPageRender,
  languages: readonly string[],
  subscriber?: TSubscriberGuard,
): string {
  const json = JSON.stringify;
  const subscriberCheck = subscriber
    ? `var r=g(${json(subscriber.rememberedKey)}),o=${json(subscriber.offered)},P=${json(subscriber.productLanguages)},q=P.indexOf(r)>=0?r:f(n,P)||'en',k=o.indexOf(q)>=0?q:f(n,o)||f(o,P)||'en';if(k!==${json(stamp.subscriberLanguage)})t=1;`
    : '';
  return `(function(){var d=document.documentElement,n=[],t=0;function g(k){try{return localStorage.getItem(k)}catch(e){return null}}function f(c,a){for(var i=0;i<c.length;i++){var p=String(c[i]||'').toLowerCase().split('-')[0];if(a.indexOf(p)>=0)return p}return null}try{var v=navigator.languages;n=v&&v.length?[].slice.call(v):[navigator.language]}catch(e){}var s=g('i18nextLng'),l=f((s?[s]:[]).concat(n),${json(languages)})||'en';if(l!==${json(stamp.language)}||new Date().getFullYear()!==${stamp.year})t=1;${subscriberCheck}if(t)d.setAttribute('${STALE_ATTRIBUTE}','')})()`;
}

/**
 * Hides stale markup until it is replaced (pairs with staleMarkupGuard), and keeps buttons from
 * taking clicks until the page is attached to its markup (releasePrerenderedMarkup): before that a
 * click would be lost, and a language chosen would reach markup React has not taken over yet.
 * Links work throughout.
 */
export const PRERENDER_STYLE = `html[${STALE_ATTRIBUTE}] #root{visibility:hidden}#root[data-prerendered-path] button{pointer-events:none}`;

/** Takes the stamp off #root, and the guard's mark off <html>. */
export function clearStamp(root: HTMLElement): void {
  const every = stampAttributes({ path: '', language: 'en', year: 0, subscriberLanguage: 'en' });
  for (const name of Object.keys(every)) {
    root.removeAttribute(name);
  }
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
}

/**
 * Called once a page has been attached to its markup, or has failed to load (lazyPage):
 * from the next task on, the prerendered page takes clicks. No-op everywhere else. (Form fields
 * rendered ahead are disabled until then by their page: useHydrated.)
 */
export function releasePrerenderedMarkup(): void {
  if (typeof document === 'undefined') return;
  const root = document.getElementById('root');
  if (root?.hasAttribute('data-prerendered-path')) setTimeout(() => clearStamp(root), 0);
}

/**
 * Runs at the end of <body>: loads the app's code once the prerendered page has painted, so on a
 * slow line the document and its inline styles get the bandwidth to themselves; the code still
 * starts right after the first frame. A hidden tab, or stale markup, loads at once. Only the entry
 * is named: the browser finds its imports itself, which costs far less main-thread time than
 * inserting a modulepreload link per chunk.
 */
export function deferredAppLoader(entryUrl: string): string {
  return `(function(){function load(){var s=document.createElement('script');s.type='module';s.crossOrigin='';s.src=${JSON.stringify(entryUrl)};document.head.appendChild(s)}if(document.hidden||document.documentElement.hasAttribute('${STALE_ATTRIBUTE}'))load();else requestAnimationFrame(function(){setTimeout(load,0)})})()`;
}

/** Id of the JSON a server-rendered subscriber page carries in <head> (decision 0044). */
export const SUBSCRIBER_PAGE_DATA_ID = 'subscriber-page-data';

/** What the server rendered a subscriber page with: the app attaches to the markup with the same. */
export type TSubscriberPageData = { slug: string; language: TLanguageCode; info: TStationPublicInfo };

/** The server-rendered subscriber page's data, or null on every other page. */
export function readSubscriberPageData(): TSubscriberPageData | null {
  const element = document.getElementById(SUBSCRIBER_PAGE_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as TSubscriberPageData;
  } catch {
    return null;
  }
}
