import { APP_VERSION } from '@message-station/shared/catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { mockSession, renderApp } from '../test/render-app';

function cardOf(title: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 2, name: title }).closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return card as HTMLElement;
}

describe('DocsPage', () => {
  it('leads from every card to its page, and names the version the footer shows', async () => {
    mockSession(null);
    renderApp('/docs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    const titles = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Station Setup Guide',
      'SMS 10DLC Compliance Documentation',
      'Desktop App',
      'API reference',
    ]);
    for (const [title, link, href] of [
      ['Station Setup Guide', 'Read the setup guide', '/docs/setup'],
      ['SMS 10DLC Compliance Documentation', 'Read the SMS guide', '/docs/sms'],
      ['Desktop App', 'Read the desktop app guide', '/docs/desktop'],
      ['API reference', 'Open the API reference', '/docs/api'],
    ] as const) {
      expect(within(cardOf(title)).getByRole('link', { name: link })).toHaveAttribute('href', href);
    }
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    // One version on the page: the app's, as the footer says it.
    expect(screen.getByText(`This documentation describes Message Station ${APP_VERSION}.`)).toBeVisible();
    expect(within(screen.getByRole('contentinfo')).getByText(`Version ${APP_VERSION}`)).toBeVisible();
    expect(screen.queryByText(/2\.0\.1/)).not.toBeInTheDocument();
  });

  it('opens the setup guide from its card', async () => {
    mockSession(null, {
      'GET /docs/setup/index.md': () =>
        new Response('Last updated: 2026-12-07\n\n## Before you start\n', {
          headers: { 'Content-Type': 'text/markdown' },
        }),
    });
    const { router } = renderApp('/docs');
    await userEvent.click(await screen.findByRole('link', { name: 'Read the setup guide' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Before you start' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/docs/setup');
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSession(null);
    renderApp('/docs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentación' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Leer la guía de configuración' })).toHaveAttribute(
      'href',
      '/docs/setup',
    );
    expect(screen.getByText(`Esta documentación describe Message Station ${APP_VERSION}.`)).toBeVisible();
  });
});
