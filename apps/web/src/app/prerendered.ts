// Prerendered pages (decision 0014): which HTML the build renders ahead, and when the browser may
// hydrate it instead of rendering from scratch.
import type { TUiLanguage } from '../i18n';

/** Pages whose HTML the build renders (scripts/prerender.mjs), in the language of most first visitors. */
export const PRERENDERED_PAGES: readonly { path: string; language: TUiLanguage }[] = [
  { path: '/', language: 'en' },
];

/** A page as rendered: at build time (stamped on #root) or for the visitor now. */
export type TPageRender = { path: string; language: TUiLanguage; year: number };

/** Set on <html> by the head script while the prerendered markup is not the visitor's page. */
export const STALE_ATTRIBUTE = 'data-prerender-stale';

export function stampAttributes(stamp: TPageRender): Record<string, string> {
  return {
    'data-prerendered-path': stamp.path,
    'data-prerendered-language': stamp.language,
    // The footer shows the current year: markup from another year must not be hydrated.
    'data-prerendered-year': String(stamp.year),
  };
}

/** True when #root holds prerendered markup of exactly the page this visitor would render. */
export function canHydrate(root: HTMLElement, visit: TPageRender): boolean {
  const { prerenderedPath, prerenderedLanguage, prerenderedYear } = root.dataset;
  return (
    root.firstElementChild !== null &&
    prerenderedPath === visit.path &&
    prerenderedLanguage === visit.language &&
    prerenderedYear === String(visit.year)
  );
}

/**
 * Runs in <head> before the markup paints. It finds the language as the i18next detector will
 * (localStorage `i18nextLng`, then the browser's languages, else English) and hides the markup
 * when it is in another language or from another year, so a Spanish visitor never sees English
 * first; main.tsx then renders the page afresh and shows it.
 */
export function staleMarkupGuard(stamp: TPageRender, languages: readonly string[]): string {
  return `(function(){var d=document.documentElement,l='en';try{var s=localStorage.getItem('i18nextLng'),c=(s?[s]:[]).concat(navigator.languages||[navigator.language]);for(var i=0;i<c.length;i++){var p=String(c[i]||'').toLowerCase().split('-')[0];if(${JSON.stringify(languages)}.indexOf(p)>=0){l=p;break}}}catch(e){}if(l!==${JSON.stringify(stamp.language)}||new Date().getFullYear()!==${stamp.year})d.setAttribute('${STALE_ATTRIBUTE}','')})()`;
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
  for (const name of Object.keys(stampAttributes({ path: '', language: 'en', year: 0 }))) {
    root.removeAttribute(name);
  }
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
}

/**
 * Called once a page has been attached to its markup, or has failed to load (lazyPage):
 * from the next task on, the prerendered page takes clicks. No-op everywhere else.
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
