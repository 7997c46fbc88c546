import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/routes';
import enCommon from '../locales/en/common.json';
import enLanding from '../locales/en/landing.json';
import { namespacesOnly } from '../test/namespaces-only';
import { mockSession } from '../test/render-app';
import i18n, { loadAllNamespaces, loadNamespaces } from '.';
import { I18nextProvider } from './react';

describe('translations on demand', () => {
  it('the landing page renders from the common and landing namespaces alone, as prerendered', async () => {
    // The prerendered page and its hydration load just these two: a text from any other
    // namespace would show as a raw key there.
    const { i18n: onlyLanding, missing } = await namespacesOnly({ common: enCommon, landing: enLanding });
    mockSession(null);
    render(
      <I18nextProvider i18n={onlyLanding}>
        <AppProviders queryClient={createQueryClient()} env="test">
          <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/'] })} />
        </AppProviders>
      </I18nextProvider>,
    );
    await screen.findByRole('heading', { level: 2, name: 'Simple pricing' });
    expect(screen.getByRole('heading', { level: 1, name: 'Message Station' })).toBeVisible();
    expect(missing).toEqual([]);
  });

  it('keeps every namespace a page loaded, so that a language change loads it again', async () => {
    await loadNamespaces(['billing']);
    // The translator loads the namespaces of options.ns on every language change, before announcing it.
    expect(i18n.options.ns).toContain('billing');
    await loadAllNamespaces();
    for (const namespace of ['admin', 'auth', 'legal', 'messages', 'users']) {
      expect(i18n.options.ns).toContain(namespace);
    }
    await i18n.changeLanguage('es');
    expect(i18n.t('billing:title')).not.toBe('title');
    expect(i18n.t('landing:pricing.title')).toBe('Precios sencillos');
  });
});
