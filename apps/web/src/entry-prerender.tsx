// Build-time rendering of the pages in PRERENDERED_PAGES (run by scripts/prerender.mjs through a
// Vite SSR build): the same app tree as main.tsx, with every lazy page and its texts resolved.
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { AppRoot } from './app/AppRoot';
import {
  deferredAppLoader,
  PRERENDER_STYLE,
  PRERENDERED_PAGES,
  staleMarkupGuard,
  stampAttributes,
  type TPageRender,
} from './app/prerendered';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import i18n, { i18nReady, SUPPORTED_LANGUAGES } from './i18n';

export { CSP_NONCE_PLACEHOLDER } from '@message-station/shared';
export { deferredAppLoader, PRERENDERED_PAGES };

export type TPrerenderedPage = {
  /** The markup inside #root. */
  markup: string;
  /** Attributes for #root that let main.tsx decide to hydrate. */
  rootAttributes: Record<string, string>;
  /** Inline script and style for <head> that hide the markup from a visitor it does not fit. */
  headScript: string;
  headStyle: string;
};

export async function prerenderPage(page: TPageRender): Promise<TPrerenderedPage> {
  await i18nReady;
  await i18n.changeLanguage(page.language);
  const router = createMemoryRouter(appRoutes, { initialEntries: [page.path] });
  const errors: unknown[] = [];
  const { prelude } = await prerender(<AppRoot queryClient={createQueryClient()} router={router} />, {
    // One document, every boundary inline: React would otherwise send large boundaries after
    // their fallback, revealed by a script, which delays the first paint of the page itself.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      errors.push(error);
    },
  });
  const markup = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`Prerendering ${page.path} failed: ${String(errors[0])}`);
  return {
    markup,
    rootAttributes: stampAttributes(page),
    headScript: staleMarkupGuard(page, SUPPORTED_LANGUAGES),
    headStyle: PRERENDER_STYLE,
  };
}
