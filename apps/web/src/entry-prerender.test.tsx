import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from './app/AppRoot';
import { pageTemplate } from './app/page-template';
import { canHydrate, readSubscriberPageData, SUBSCRIBER_PAGE_DATA_ID } from './app/prerendered';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { planSubscriberPage, prerenderPage } from './entry-prerender';
import { prepareRenderedPage, visitorLanguage } from './features/subscribers/server-rendered';
import { stationInfo } from './features/subscribers/subscriber-test-helpers';
import i18n from './i18n';
import { callCount } from './test/api-mock';
import { mockSession } from './test/render-app';

const YEAR = new Date().getFullYear();
const KO_JOIN_TITLE = '문자 알림 신청';

afterEach(() => {
  document.body.replaceChildren();
});

/** The prerendered page's #root, as the browser builds it from the HTML. */
async function prerenderedRoot(language: 'en' | 'es' = 'en'): Promise<HTMLElement> {
  const page = await prerenderPage({ path: '/', language, year: YEAR });
  // React's server renderer leaves the last page's context values in place until its next render.
  // A build never shares a realm with a browser; this test does, so it renders nothing once more.
  await prerender(null);
  const attributes = Object.entries(page.rootAttributes)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  document.body.innerHTML = `<div id="root"${attributes}>${page.markup}</div>`;
  return document.getElementById('root') as HTMLElement;
}

describe('prerendered landing page', () => {
  it('holds the whole page in the markup, texts resolved and stamped for hydration', async () => {
    const root = await prerenderedRoot();
    expect(root.querySelector('h1')?.textContent).toBe('Message Station');
    expect([...root.querySelectorAll('main h2')].map((heading) => heading.textContent)).toEqual([
      'Why Message Station',
      'Built for the places people rely on',
      'See how it works',
      'Hear it for yourself',
      'Simple pricing',
      'Features',
      'Ready to reach everyone?',
    ]);
    expect(root.querySelector('#pricing')).not.toBeNull();
    expect(root.querySelector('header a[href="/admin/login"]')?.textContent).toBe('Station Login');
    // No raw translation key such as "hero.title" made it into the page.
    expect(root.textContent).not.toMatch(/\b(hero|why|pricing|nav|footer)\.[a-z]+[A-Z]?\w*\b/);
    // Every boundary is inline: no fallback waiting for a reveal script.
    expect(root.querySelector('script')).toBeNull();
    // Mantine's theme variables, defaults included, are in the markup: no stylesheet of defaults
    // is loaded (decision 0087), so without them the first paint would have no sizes or colours.
    const variables = [...root.querySelectorAll('style[data-mantine-styles="true"]')]
      .map((style) => style.textContent)
      .join('');
    expect(variables).toMatch(/--mantine-spacing-md:/);
    expect(variables).toMatch(/--mantine-font-size-sm:/);
    expect(canHydrate(root, { path: '/', language: 'en', year: YEAR })).toBe(true);
    expect(canHydrate(root, { path: '/', language: 'es', year: YEAR })).toBe(false);
  });

  it('hydrates in the browser without a mismatch, keeping the prerendered nodes', async () => {
    const root = await prerenderedRoot();
    const heading = root.querySelector('h1');
    mockSession(null);
    const recoverableErrors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
    let reactRoot: Root | undefined;
    await act(async () => {
      reactRoot = hydrateRoot(root, <AppRoot queryClient={createQueryClient()} router={router} />, {
        onRecoverableError: (error) => {
          recoverableErrors.push(error);
        },
      });
    });
    // The lazy landing page and its sections hydrate once their code has loaded.
    await vi.waitFor(() => {
      expect(Object.keys(root).some((key) => key.startsWith('__reactContainer'))).toBe(true);
      expect(Object.keys(heading ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    });
    expect(recoverableErrors).toEqual([]);
    // Hydration warnings (text, attributes, ids) would show here. React also notes, in development
    // only, that two renderers used the same contexts: true in this test's single realm alone.
    const sameRealmNote = /multiple renderers concurrently rendering the same context provider/;
    expect(consoleError.mock.calls.filter(([message]) => !sameRealmNote.test(String(message)))).toEqual([]);
    expect(root.querySelector('h1')).toBe(heading);
    // Unmounted: a root left running would lend its contexts to the next test's server render.
    act(() => reactRoot?.unmount());
  });
});

describe('subscriber pages rendered by the server', () => {
  const TEMPLATE = pageTemplate(
    '<!doctype html><html lang="en"><head><title>Message Station</title><link rel="stylesheet" crossorigin href="/assets/index-a.css"><script type="module" crossorigin src="/assets/index-a.js"></script></head><body><div id="root"></div></body></html>',
    { readAsset: () => '', appLoader: () => 'load()', noncePlaceholder: 'NONCE' },
  );
  /** The station as the API gives it, per language asked. */
  function stationInfoSource(asked: string[] = []) {
    return async (slug: string, language: string) => {
      asked.push(`${slug}:${language}`);
      if (slug !== 'demo') return null;
      const info = stationInfo();
      const consent = language === 'es' ? 'Acepto recibir alertas por SMS.' : info.station.consent_text;
      return { ...info, station: { ...info.station, consent_text: consent } };
    };
  }

  async function render(path: string, browserLanguages: string[], asked: string[] = []) {
    const plan = await planSubscriberPage(TEMPLATE, {
      path,
      browserLanguages,
      year: YEAR,
      stationInfo: stationInfoSource(asked),
    });
    if (!plan) return null;
    const html = await plan.render();
    await prerender(null);
    return html;
  }

  /** The served document, without its stylesheet links (this test fetches nothing). */
  function parse(html: string): Document {
    return new DOMParser().parseFromString(html.replaceAll(/<link [^>]*>/g, ''), 'text/html');
  }

  /** The served document's <head> data and #root, in this document, as the browser builds them. */
  function load(html: string): HTMLElement {
    const served = parse(html);
    document.head.append(...served.head.querySelectorAll('script[type="application/json"]'));
    document.body.append(served.getElementById('root') as HTMLElement);
    document.title = served.title;
    return document.getElementById('root') as HTMLElement;
  }

  afterEach(() => {
    document.head.querySelector(`#${SUBSCRIBER_PAGE_DATA_ID}`)?.remove();
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it("renders the station's page in the language the visitor will read, with what the app needs", async () => {
    const asked: string[] = [];
    const html = await render('/join/demo', ['es-MX', 'en'], asked);
    // One read of the station: it speaks the visitor's language.
    expect(asked).toEqual(['demo:es']);
    const served = parse(String(html));
    expect(served.documentElement.lang).toBe('es');
    expect(served.title).toBe('Suscribirse a alertas por SMS · Demo Radio 101.5 · Message Station');
    const root = served.getElementById('root') as HTMLElement;
    expect(root.querySelector('h1')?.textContent).toBe('Suscribirse a alertas por SMS');
    expect(root.textContent).toContain('Acepto recibir alertas por SMS.');
    expect(root.querySelector('input[type="tel"]')).not.toBeNull();
    expect(root.dataset).toMatchObject({
      prerenderedPath: '/join/demo',
      prerenderedSubscriberLanguage: 'es',
    });
    const data = JSON.parse(served.getElementById(SUBSCRIBER_PAGE_DATA_ID)?.textContent ?? '');
    expect(data).toMatchObject({
      slug: 'demo',
      language: 'es',
      info: { station: { consent_text: 'Acepto recibir alertas por SMS.' } },
    });
  });

  it("titles the page in the subscriber's language, whatever the staff interface's", async () => {
    const info = stationInfo({
      languages: [
        { id: 'l-en', language_code: 'en', display_name: 'English', native_name: 'English' },
        { id: 'l-ko', language_code: 'ko', display_name: 'Korean', native_name: '한국어' },
      ],
    });
    const plan = await planSubscriberPage(TEMPLATE, {
      path: '/join/demo',
      browserLanguages: ['ko-KR', 'en-US'],
      year: YEAR,
      stationInfo: async () => info,
    });
    const served = parse(String(await plan?.render()));
    await prerender(null);
    expect(served.documentElement.lang).toBe('ko');
    expect(served.getElementById('root')?.dataset).toMatchObject({
      prerenderedLanguage: 'en',
      prerenderedSubscriberLanguage: 'ko',
    });
    expect(served.title).toBe(`${KO_JOIN_TITLE} · Demo Radio 101.5 · Message Station`);
  });

  it('renders nothing for an unknown station or another page: the app shows those itself', async () => {
    expect(await render('/join/nowhere', ['en'])).toBeNull();
    expect(await render('/join/demo/thanks', ['en'])).toBeNull();
    expect(await render('/admin/login', ['en'])).toBeNull();
    const asked: string[] = [];
    const unsubscribe = await render('/unsubscribe/demo', ['fr', 'de'], asked);
    // French first, then the station's own language once it turns out not to speak French.
    expect(asked).toEqual(['demo:fr', 'demo:en']);
    expect(unsubscribe).toContain('<h1');
    // Neither French nor German is offered: the station's primary language.
    expect(parse(String(unsubscribe)).documentElement.lang).toBe('en');
  });

  it('hydrates in the browser without a mismatch, a loader or a second fetch of the station', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'en']);
    await i18n.changeLanguage('es');
    const root = load(String(await render('/join/demo', ['es-MX', 'en'])));
    const heading = root.querySelector('h1');
    const phone = root.querySelector('input[type="tel"]');
    // The form waits for the app: typed into before, it would not have what it shows.
    expect(root.querySelector('fieldset')?.disabled).toBe(true);
    const api = mockSession(null);
    const page = readSubscriberPageData();
    if (!page) throw new Error('no page data');
    const visit = {
      path: '/join/demo',
      language: 'es' as const,
      year: YEAR,
      subscriberLanguage: visitorLanguage(page),
    };
    expect(canHydrate(root, visit)).toBe(true);
    const queryClient = createQueryClient();
    await prepareRenderedPage(page, queryClient);
    const recoverableErrors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/join/demo'] });
    let reactRoot: Root | undefined;
    await act(async () => {
      reactRoot = hydrateRoot(root, <AppRoot queryClient={queryClient} router={router} />, {
        onRecoverableError: (error) => {
          recoverableErrors.push(error);
        },
      });
    });
    await vi.waitFor(() => {
      expect(Object.keys(heading ?? {}).some((key) => key.startsWith('__reactFiber'))).toBe(true);
    });
    expect(recoverableErrors).toEqual([]);
    const sameRealmNote = /multiple renderers concurrently rendering the same context provider/;
    expect(consoleError.mock.calls.filter(([message]) => !sameRealmNote.test(String(message)))).toEqual([]);
    expect(root.querySelector('h1')).toBe(heading);
    // The same nodes, and the form takes input.
    expect(root.querySelector('input[type="tel"]')).toBe(phone);
    await vi.waitFor(() => expect(root.querySelector('fieldset')?.disabled).toBe(false));
    expect(document.title).toBe('Suscribirse a alertas por SMS · Demo Radio 101.5 · Message Station');
    expect(callCount(api, 'GET', '/subscribe/demo/info')).toBe(0);
    act(() => reactRoot?.unmount());
    await i18n.changeLanguage('en');
  });

  it('is not attached for a visitor who chose another language: the guard hides it, the app redraws', async () => {
    const root = load(String(await render('/join/demo', ['es-MX', 'en'])));
    localStorage.setItem('subscriberLanguage', 'en');
    const page = readSubscriberPageData();
    if (!page) throw new Error('no page data');
    expect(visitorLanguage(page)).toBe('en');
    expect(
      canHydrate(root, { path: '/join/demo', language: 'es', year: YEAR, subscriberLanguage: 'en' }),
    ).toBe(false);
  });
});
