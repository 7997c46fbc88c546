import { CREDIT_PACK, formatUsd, MONTHLY_INCLUDED_CREDITS, PLAN_TIERS } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectHeadingsInOrder, mainHeadings, renderPublicPage } from './landing/landing-test-helpers';

const HEADLINE = 'Message Station launches to help US stations reach every community in its own language';

describe('PressReleasePage', () => {
  it('shows the dated launch release with quotes, pricing, boilerplate and media contact', async () => {
    const { container } = await renderPublicPage('/press-release');
    expect(await screen.findByRole('heading', { level: 1, name: HEADLINE })).toBeVisible();
    expect(mainHeadings().slice(1)).toEqual([
      'h2 Highlights',
      'h2 Availability and pricing',
      'h2 About Message Station',
      'h2 Media contact',
    ]);
    expectHeadingsInOrder();
    // The title is set by an effect, which may run just after the heading is shown.
    await waitFor(() => expect(document.title).toBe('Press Release · Message Station'));

    const date = container.querySelector('time');
    expect(date).toHaveAttribute('datetime', '2025-08-26');
    expect(date?.textContent).toBe('August 26, 2025');
    expect(date?.parentElement?.textContent).toBe('California, August 26, 2025');
    expect(screen.getByText(/small creative collective in California, launches today/)).toBeVisible();
    expect(screen.getByText('— Founding member, Message Station collective')).toBeVisible();
    expect(screen.getByText('— Product lead, Message Station collective')).toBeVisible();

    const availability = screen.getByText(/^Message Station is available today/).textContent;
    expect(availability).toContain(
      `costs ${formatUsd(PLAN_TIERS.basic.priceCents)} and includes ${MONTHLY_INCLUDED_CREDITS} SMS`,
    );
    expect(availability).toContain(`${formatUsd(CREDIT_PACK.priceCents)} per ${CREDIT_PACK.credits} SMS`);
    expect(availability).toContain('14-day free trial');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(within(main).getByRole('link', { name: 'Platform overview' })).toHaveAttribute(
      'href',
      '/platform-overview',
    );
  });

  it('shows the release in Spanish with a Spanish date', async () => {
    const { container } = await renderPublicPage('/press-release', 'es');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Nace Message Station para ayudar a las estaciones de EE. UU. a llegar a cada comunidad en su propio idioma',
      }),
    ).toBeVisible();
    expect(container.querySelector('time')?.textContent).toBe('26 de agosto de 2025');
    expect(screen.getByRole('heading', { level: 2, name: 'Contacto para medios' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Contáctenos' })).toHaveAttribute('href', '/contact');
  });
});
