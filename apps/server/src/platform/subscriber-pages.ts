// The subscriber pages, /join/{station} and /unsubscribe/{station}, rendered for each station on
// the server (decision 0044): a subscriber who opens the link on a phone sees the station's page
// at the first paint, before any script, as the landing page does (decision 0014). The build keeps
// the web app's renderer and the pages' template in apps/web/dist-ssr/ (scripts/prerender.mjs);
// without them (a server run from source, tests) these paths get the plain app shell.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TLanguageCode, TStationPublicInfo } from '@message-station/shared';
import { inlineScriptHashes } from './content-security-policy.js';

/** The paths the server renders; anything else under them gets the shell. */
export const SUBSCRIBER_PAGE_ROUTES = ['/join/:station', '/unsubscribe/:station'] as const;

const RENDERER_FILE = 'entry-prerender.js';
const TEMPLATE_FILE = 'subscriber-page.html';

/** The station's public info in one language, as GET /subscribe/{slug}/info answers it; null when none. */
export type TStationInfoSource = (
  slug: string,
  language: TLanguageCode,
) => Promise<TStationPublicInfo | null>;

/** apps/web/src/entry-prerender.tsx, as the build bundled it. */
type TRenderer = {
  planSubscriberPage: (
    template: string,
    request: {
      path: string;
      browserLanguages: readonly string[];
      year: number;
      stationInfo: TStationInfoSource;
    },
  ) => Promise<{ key: string; render: () => Promise<string> } | null>;
};

/** A page ready to send: the nonce placeholder still in it, and its inline scripts' hashes. */
export type TRenderedPage = { html: string; scriptHashes: string[] };

export type TSubscriberPages = {
  /** The page for this path and browser, or null: no such station, the app shell says so. */
  render: (pathname: string, acceptLanguage: string | undefined) => Promise<TRenderedPage | null>;
};

/** Accept-Language's tags, best first; those with q=0 ("not this one") left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, quality }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}

export type TSubscriberPagesOptions = {
  stationInfo: TStationInfoSource;
  now: () => Date;
  /** Documents kept, most recently used first: one per station, language and station info. */
  cacheSize?: number;
};

/** The renderer of the subscriber pages, or null when the build left none in `ssrDir`. */
export function subscriberPages(ssrDir: string, options: TSubscriberPagesOptions): TSubscriberPages | null {
  const rendererFile = path.join(ssrDir, RENDERER_FILE);
  const templateFile = path.join(ssrDir, TEMPLATE_FILE);
  if (!fs.existsSync(rendererFile) || !fs.existsSync(templateFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const { stationInfo, now, cacheSize = 200 } = options;
  // Loaded on the first visit of a subscriber page (about 0.1 s), not on every start.
  let renderer: Promise<TRenderer> | null = null;
  const cache = new Map<string, Promise<TRenderedPage>>();

  return {
    async render(pathname, acceptLanguage) {
      renderer ??= import(pathToFileURL(rendererFile).href) as Promise<TRenderer>;
      const plan = await (await renderer).planSubscriberPage(template, {
        path: pathname,
        browserLanguages: acceptedLanguages(acceptLanguage),
        year: now().getFullYear(),
        stationInfo,
      });
      if (!plan) return null;
      let page = cache.get(plan.key);
      if (page) {
        // Most recently used last: the first key is the one to drop.
        cache.delete(plan.key);
      } else {
        const rendering = plan.render().then((html) => ({ html, scriptHashes: inlineScriptHashes(html) }));
        // A failed render is not kept: the next visit tries again.
        rendering.catch(() => {
          if (cache.get(plan.key) === rendering) cache.delete(plan.key);
        });
        page = rendering;
      }
      cache.set(plan.key, page);
      while (cache.size > cacheSize) cache.delete(cache.keys().next().value as string);
      return page;
    },
  };
}
