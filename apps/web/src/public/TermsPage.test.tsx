import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { mockSession, renderApp } from '../test/render-app';

async function renderTerms() {
  mockSession(null);
  renderApp('/terms');
  await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
  return within(screen.getByRole('main'));
}

describe('TermsPage', () => {
  it('shows sixteen numbered sections and the effective and updated dates', async () => {
    const main = await renderTerms();

    const titles = main.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toHaveLength(16);
    expect(titles[0]).toBe('1. Description of the Service');
    expect(titles[15]).toBe('16. Support, Changes and Contact');
    expect(screen.getByText('Effective August 26, 2025')).toBeVisible();
    expect(screen.getByText('Last updated August 26, 2025')).toBeVisible();
  });

  it('carries the figures of the business rules', async () => {
    const main = await renderTerms();
    const text = main.getByRole('region', { name: '1. Description of the Service' }).parentElement
      ?.textContent;

    for (const figure of [
      'offered in the United States only',
      'laws of the State of California',
      'Telephone Consumer Protection Act (TCPA), the CAN-SPAM Act',
      'billed monthly or annually',
      'Fees are non-refundable',
      '99.9% uptime',
      "at least 30 days' notice before any price change",
      'unpaid for 15 days',
      'deleted within 30 days of closure',
      'between 8 AM and 9 PM',
      'fees you paid us in the 12 months',
      'Monday to Friday, 9 AM to 5 PM Pacific Time, and we reply within 2 business days',
      'within 30 days, and within 10 days for California residents',
      'at least 13 years old',
    ]) {
      expect(text).toContain(figure);
    }
  });

  it('jumps to the chosen section from the menu for small screens', async () => {
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const main = await renderTerms();

    const menu = main.getByLabelText('Jump to section');
    expect(menu.querySelectorAll('option')).toHaveLength(17);
    await userEvent.selectOptions(menu, '13. Limitation of Liability');

    const heading = main.getByRole('heading', { level: 2, name: '13. Limitation of Liability' });
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(heading);
    expect(document.activeElement).toBe(heading);
  });

  it('lists the sections as links to their anchors for wide screens', async () => {
    const main = await renderTerms();
    const contents = within(main.getByRole('navigation', { name: 'Contents' }));
    const links = contents.getAllByRole('link');
    expect(links).toHaveLength(16);
    expect(links[8]?.textContent).toBe('9. Data Retention');
    expect(links[8]).toHaveAttribute('href', '#section-9');
    expect(main.getByRole('heading', { level: 2, name: '9. Data Retention' }).id).toBe('section-9');
  });

  it('reads in Spanish when the interface is in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSession(null);
    renderApp('/terms');

    expect(await screen.findByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '15. Ley aplicable' })).toBeVisible();
    expect(screen.getByText('Vigente desde el 26 de agosto de 2025')).toBeVisible();
  });
});
