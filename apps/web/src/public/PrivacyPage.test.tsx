import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { mockSession, renderApp } from '../test/render-app';

function sectionText(title: string): string {
  const section = screen.getByRole('region', { name: title });
  return section.textContent ?? '';
}

describe('PrivacyPage', () => {
  it('shows the effective and last-updated dates', async () => {
    mockSession(null);
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    // The tab names the page, as every other page does, not just the product.
    await waitFor(() => expect(document.title).toBe('Privacy Policy · Message Station'));
    expect(screen.getByText('Effective August 26, 2025')).toBeVisible();
    expect(screen.getByText('Last updated September 30, 2025')).toBeVisible();
  });

  it('covers every topic in numbered sections, with the figures the product promises', async () => {
    mockSession(null);
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });

    const titles = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      '1. Who We Are',
      '2. Information We Collect',
      "3. What We Don't Do",
      '4. Cookies',
      '5. How We Use Information',
      '6. Service Providers',
      '7. Data Retention',
      '8. Your Rights',
      '9. Children',
      '10. Security',
      '11. Changes to This Policy',
      '12. Contact Us',
    ]);
    expect(sectionText('1. Who We Are')).toContain('small creative collective in California');
    expect(sectionText("3. What We Don't Do")).toContain('No analytics');
    expect(sectionText("3. What We Don't Do")).toContain('we never sell');
    expect(sectionText('4. Cookies')).toMatch(/Session cookie.*24 hours.*CSRF cookie.*24 hours/);
    expect(sectionText('6. Service Providers')).toMatch(
      /Twilio.*Stripe.*Email provider.*Translation provider/,
    );
    expect(sectionText('7. Data Retention')).toContain('within 30 days of the station');
    expect(sectionText('8. Your Rights')).toContain(
      'within 30 days, and within 10 days for California residents',
    );
    expect(sectionText('8. Your Rights')).toContain('CCPA');
    expect(sectionText('9. Children')).toContain('13 or older');
    const contact = within(screen.getByRole('region', { name: '12. Contact Us' }));
    expect(contact.getByRole('link', { name: 'Go to the contact form' })).toHaveAttribute('href', '/contact');
  });

  it('reads in Spanish when the interface is in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockSession(null);
    renderApp('/privacy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Política de privacidad · Message Station'));
    expect(screen.getByText('Vigente desde el 26 de agosto de 2025')).toBeVisible();
    expect(screen.getByText('Última actualización: 30 de septiembre de 2025')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: '4. Cookies' })).toBeVisible();
  });
});
