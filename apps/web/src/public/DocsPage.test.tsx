import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockSession, renderApp } from '../test/render-app';

function cardOf(title: string): HTMLElement {
  const card = screen.getByRole('heading', { level: 2, name: title }).closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return card as HTMLElement;
}

describe('DocsPage', () => {
  it('lists the SMS guide and the API reference as available and the other guides as coming soon, with the platform version', async () => {
    mockSession(null);
    renderApp('/docs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
    const titles = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'SMS 10DLC Compliance Documentation',
      'API reference',
      'Station Setup Guide',
      'Desktop App',
    ]);

    const sms = within(cardOf('SMS 10DLC Compliance Documentation'));
    expect(sms.getByText('Available')).toBeVisible();
    expect(sms.getByRole('link', { name: 'Read the guide' })).toHaveAttribute('href', '/docs/sms');

    // The reference is a page of the server (generated from the OpenAPI document): a plain link.
    const api = within(cardOf('API reference'));
    expect(api.getByText('Available')).toBeVisible();
    expect(api.getByRole('link', { name: 'Open the API reference' })).toHaveAttribute('href', '/docs/api');

    for (const title of ['Station Setup Guide', 'Desktop App']) {
      const card = within(cardOf(title));
      expect(card.getByText('Coming Soon')).toBeVisible();
      expect(card.queryByRole('link')).not.toBeInTheDocument();
    }
    expect(screen.getByText('Platform version 2.0.1')).toBeVisible();
  });
});
