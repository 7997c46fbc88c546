// Rendering pages before the browser runs any script, through a Vite SSR build of this module
// (scripts/prerender.mjs): the landing page at build time (decision 0014), and the subscriber
// pages of each station on the server at request time (decision 0044). The same app tree as
// main.tsx, with every lazy page and its texts resolved.
import {
  CSP_NONCE_PLACEHOLDER,
  LANGUAGE_CODES,
  type TLanguageCode,
  type TStationPublicInfo,
} from '@message-station/shared';
import type { QueryClient } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app/AppRoot';
import { fillTemplate, pageTemplate, type TRenderedPage } from './app/page-template';
import {
  deferredAppLoader,
  PRERENDER_STYLE,
  PRERENDERED_PAGES,
  SUBSCRIBER_PAGE_DATA_ID,
  staleMarkupGuard,
  stampAttributes,
  type TPageRender,
  type TSubscriberPageData,
} from './app/prerendered';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import {
  forgetRenderedLanguage,
  startInLanguage,
  stationInfoKey,
  subscriberLanguageFor,
} from './features/subscribers/subscriber-language';
import i18n, { i18nReady, SUPPORTED_LANGUAGES, type TUiLanguage } from './i18n';
import { loadSubscriberLanguage, SUBSCRIBER_LANGUAGE_KEY, subscriberI18n } from './i18n/subscriber-i18n';

export { CSP_NONCE_PLACEHOLDER, deferredAppLoader, fillTemplate, PRERENDERED_PAGES, pageTemplate };

/**
 * Renders one page's markup. Renders share the translators, so one runs at a time: the
 * server may be asked for several pages at once.
 */
let rendering: Promise<unknown> = Promise.resolve();
function renderMarkup(path: string, queryClient: QueryClient, prepare: () => Promise<void>): Promise<string> {
  const render = async () => {
    await prepare();
    const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
    const errors: unknown[] = [];
    const { prelude } = await prerender(<AppRoot queryClient={queryClient} router={router} />, {
      // One document, every boundary inline: React would otherwise send large boundaries after
      // their fallback, revealed by a script, which delays the first paint of the page itself.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    });
    const markup = await new Response(prelude).text();
    if (errors.length > 0) throw new Error(`Rendering ${path} failed: ${String(errors[0])}`);
    return markup;
  };
  const next = rendering.then(render, render);
  rendering = next.catch(() => undefined);
  return next;
}

/** A page rendered at build time (scripts/prerender.mjs), in the language of most first visitors. */
export async function prerenderPage(page: TPageRender): Promise<TRenderedPage> {
  const markup = await renderMarkup(page.path, createQueryClient(), async () => {
    await i18nReady;
    await i18n.changeLanguage(page.language);
  });
  return {
    markup,
    rootAttributes: stampAttributes(page),
    headScript: staleMarkupGuard(page, SUPPORTED_LANGUAGES),
    headStyle: PRERENDER_STYLE,
    language: page.language,
    title: i18n.t('brand.name'),
  };
}

/** The subscriber pages the server renders: /join/{station} and /unsubscribe/{station}. */
const SUBSCRIBER_PAGE = /^\/(join|unsubscribe)\/([^/]+)$/;

export type TSubscriberPageRequest = {
  /** The request's path, as the browser will see it in location.pathname. */
  path: string;
  /** The browser's languages, best first (Accept-Language). */
  browserLanguages: readonly string[];
  year: number;
  /** The station's public info in one language (GET /subscribe/{slug}/info), null when there is none. */
  stationInfo: (slug: string, language: TLanguageCode) => Promise<TStationPublicInfo | null>;
};

export type TSubscriberPagePlan = {
  /** Equal keys render the same document: the server keeps one per key. */
  key: string;
  /** The whole document, with the nonce placeholder the server fills in for each answer. */
  render: () => Promise<string>;
};

/** The staff interface's language for a browser, as src/i18n/index.ts finds it without storage. */
function uiLanguageFor(browser: readonly string[]): TUiLanguage {
  const base = browser.map((tag) => tag.toLowerCase().split('-')[0]);
  return (
    base.find((code): code is TUiLanguage =>
      (SUPPORTED_LANGUAGES as readonly string[]).includes(code ?? ''),
    ) ?? 'en'
  );
}

/**
 * What the server renders for a subscriber page: the station's page in the language this visitor
 * will read it in, or null (not a subscriber page, or no such station: the app says so itself).
 */
export async function planSubscriberPage(
  template: string,
  request: TSubscriberPageRequest,
): Promise<TSubscriberPagePlan | null> {
  const match = SUBSCRIBER_PAGE.exec(request.path);
  if (!match?.[1] || !match[2]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[2]);
  } catch {
    return null;
  }
  // The info in the visitor's best language of all nine: the station's languages come with it,
  // and when the station speaks that language (most visits) it is the page's info as well.
  const guess = subscriberLanguageFor(LANGUAGE_CODES, request.browserLanguages, null);
  const first = await request.stationInfo(slug, guess);
  if (!first) return null;
  const offered = first.station.languages.map((language) => language.language_code);
  const language = subscriberLanguageFor(offered, request.browserLanguages, null);
  const info = language === guess ? first : await request.stationInfo(slug, language);
  if (!info) return null;
  const page: TPageRender = {
    path: request.path,
    language: uiLanguageFor(request.browserLanguages),
    year: request.year,
    subscriberLanguage: language,
  };
  const data: TSubscriberPageData = { slug, language, info };
  const titleKey = match[1] === 'join' ? 'join.title' : 'unsubscribe.title';
  return {
    key: JSON.stringify([page, info]),
    render: async () => {
      const queryClient = createQueryClient();
      queryClient.setQueryData(stationInfoKey(slug, language), info);
      const markup = await renderMarkup(page.path, queryClient, async () => {
        await i18nReady;
        await i18n.changeLanguage(page.language);
        await loadSubscriberLanguage(language);
        startInLanguage(language);
      }).finally(forgetRenderedLanguage);
      const rendered: TRenderedPage = {
        markup,
        rootAttributes: stampAttributes(page),
        headScript: staleMarkupGuard(page, SUPPORTED_LANGUAGES, {
          offered,
          productLanguages: LANGUAGE_CODES,
          rememberedKey: SUBSCRIBER_LANGUAGE_KEY,
        }),
        headStyle: PRERENDER_STYLE,
        language,
        // As StationCard sets it once running (useDocumentTitle, under the subscriber texts).
        title: subscriberI18n.t('subscribers:pageTitle', {
          title: `${subscriberI18n.t(`subscribers:${titleKey}`)} · ${info.station.display_name}`,
        }),
        data: { id: SUBSCRIBER_PAGE_DATA_ID, value: data },
      };
      return fillTemplate(template, rendered, CSP_NONCE_PLACEHOLDER);
    },
  };
}
