import { APP_VERSION } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { mockSession, renderApp } from '../../test/render-app';

type THappyDomWindow = Window & {
  happyDOM?: { setViewport(viewport: { width: number; height: number }): void };
};

/** Mantine's hiddenFrom/visibleFrom are media queries; happy-dom evaluates them at this width. */
function setViewportWidth(width: number) {
  (window as THappyDomWindow).happyDOM?.setViewport({ width, height: 800 });
}

describe('public layout', () => {
  afterEach(() => setViewportWidth(1024));

  it('shows the landing hero with its calls to action and the features and pricing sections', async () => {
    mockSession(null);
    const { container } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Station' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create Your Station' })).toHaveAttribute('href', '/signup');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Station Login' })).toHaveAttribute('href', '/admin/login');
    expect(container.querySelector('#features')).not.toBeNull();
    expect(container.querySelector('#pricing')).toHaveTextContent('$50');
  });

  it('switches to Spanish and back with the Language menu, updating <html lang>', async () => {
    const fetchMock = mockSession(null);
    renderApp('/');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 1, name: 'Message Station' });

    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Español' }));

    expect(await screen.findByRole('link', { name: 'Cree su estación' })).toBeVisible();
    expect(document.documentElement.lang).toBe('es');
    expect(window.localStorage.getItem('i18nextLng')).toBe('es');

    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('link', { name: 'Create Your Station' })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    // A visitor's choice stays in the browser (a signed-in user's is kept on the account).
    expect(fetchMock.requests.filter((sent) => sent.method === 'PUT')).toEqual([]);
    await i18n.changeLanguage('en');
  });

  it('has a footer with the four columns, copyright and version', async () => {
    mockSession(null);
    renderApp('/');
    const footer = await screen.findByRole('contentinfo');
    for (const heading of ['Product', 'Legal', 'Support', 'Company']) {
      expect(within(footer).getByRole('heading', { name: heading })).toBeVisible();
    }
    const year = new Date().getFullYear();
    expect(within(footer).getByText(`© ${year} Message Station. All rights reserved.`)).toBeVisible();
    expect(within(footer).getByText(`Version ${APP_VERSION}`)).toBeVisible();
    expect(within(footer).getByRole('link', { name: 'Documentation' })).toHaveAttribute('href', '/docs');
    expect(within(footer).getByRole('link', { name: 'Press' })).toHaveAttribute('href', '/press-release');
    // No About address is configured in tests (VITE_ABOUT_URL), so no dead About link is shown.
    expect(within(footer).queryByRole('link', { name: /^About/ })).not.toBeInTheDocument();
    expect(within(footer).getByText(/Developed by/)).toBeVisible();
  });

  it('opens the mobile menu with the hamburger and closes it after a link is chosen', async () => {
    setViewportWidth(375);
    mockSession(null);
    const { router } = renderApp('/');
    const user = userEvent.setup({ delay: null });
    const burger = await screen.findByRole('button', { name: 'Toggle navigation' });

    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile navigation' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/platform-overview', '/#features', '/#pricing', '/signup', '/contact']);

    await user.click(within(menu).getByRole('link', { name: 'Platform Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform-overview'));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the main links inline and no hamburger on a wide screen', async () => {
    setViewportWidth(1280);
    mockSession(null);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).not.toBeInTheDocument();
  });

  it('uses the minimal header with Back to Home on the login page', async () => {
    mockSession(null);
    renderApp('/admin/login');
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(within(header).queryByRole('link', { name: 'Station Login' })).not.toBeInTheDocument();
  });
});
