import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from './app/AppRoot';
import { canHydrate } from './app/prerendered';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { prerenderPage } from './entry-prerender';
import { mockSession } from './test/render-app';

const YEAR = new Date().getFullYear();

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
    await act(async () => {
      hydrateRoot(root, <AppRoot queryClient={createQueryClient()} router={router} />, {
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
  });
});
