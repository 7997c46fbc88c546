import { CREDIT_PACK, formatUsd, MONTHLY_INCLUDED_CREDITS, PLAN_TIERS } from '@message-station/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectHeadingsInOrder, mainHeadings, renderPublicPage } from './landing/landing-test-helpers';

const DASHBOARD_ALT = 'Dashboard with message counts, SMS subscribers, SMS credits and recent activity';

function linkIn(scope: HTMLElement, name: string): string | null {
  return within(scope).getByRole('link', { name }).getAttribute('href');
}

describe('LandingPage', () => {
  it('shows every section in heading order with the calls to action, in English', async () => {
    const { container } = await renderPublicPage('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Station' })).toBeVisible();
    expect(mainHeadings().filter((heading) => heading.startsWith('h2'))).toEqual([
      'h2 Why Message Station',
      'h2 Built for the places people rely on',
      'h2 See how it works',
      'h2 Hear it for yourself',
      'h2 Simple pricing',
      'h2 Features',
      'h2 Ready to reach everyone?',
    ]);
    expectHeadingsInOrder();
    for (const useCase of ['Radio stations', 'Schools and districts', 'Hospitals and clinics']) {
      expect(screen.getByRole('heading', { level: 3, name: useCase })).toBeVisible();
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Government agencies' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Emergency services' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Community groups' })).toBeVisible();

    const main = screen.getByRole('main');
    expect(linkIn(main, 'Create Your Station')).toBe('/signup');
    expect(linkIn(main, 'Station Login')).toBe('/admin/login');
    expect(linkIn(main, 'Get Started')).toBe('/signup');
    expect(linkIn(main, 'Start Your Free Trial')).toBe('/signup');
    expect(linkIn(main, 'Talk to Us')).toBe('/contact');
    expect(container.querySelector('#features h2')?.textContent).toBe('Features');
    expect(container.querySelector('#pricing h2')?.textContent).toBe('Simple pricing');
  });

  it('shows the same page in Spanish', async () => {
    await renderPublicPage('/', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Message Station' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Por qué Message Station' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Precios sencillos' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'Servicios de emergencia' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(linkIn(main, 'Cree su estación')).toBe('/signup');
    expect(linkIn(main, 'Acceso de estación')).toBe('/admin/login');
    expect(linkIn(main, 'Comience su prueba gratuita')).toBe('/signup');
    expect(within(main).queryByText('Simple pricing')).not.toBeInTheDocument();
    expectHeadingsInOrder();
  });

  it('prices the plan and the credit pack from the shared billing constants', async () => {
    const { container } = await renderPublicPage('/#pricing');
    await screen.findByRole('heading', { level: 2, name: 'Simple pricing' });
    const pricing = within(container.querySelector<HTMLElement>('#pricing') as HTMLElement);

    expect(pricing.getByText(formatUsd(PLAN_TIERS.basic.priceCents))).toBeVisible();
    expect(pricing.getByText('/month')).toBeVisible();
    expect(pricing.getByText(`Includes ${MONTHLY_INCLUDED_CREDITS} SMS every month`)).toBeVisible();
    expect(pricing.getByText(formatUsd(CREDIT_PACK.priceCents))).toBeVisible();
    expect(pricing.getByText(`per ${CREDIT_PACK.credits} SMS`)).toBeVisible();
    expect(
      pricing.getByText(`That's ${CREDIT_PACK.priceCents / CREDIT_PACK.credits} cents per SMS.`),
    ).toBeVisible();
    for (const item of [
      'Unlimited translations',
      'Station branding',
      'Subscriber management',
      'Credits never expire and roll over monthly',
      'No contracts or setup fees',
    ]) {
      expect(pricing.getByText(item)).toBeVisible();
    }
    expect(pricing.getByText('Start with a 14-day free trial and 50 SMS credits.')).toBeVisible();
  });

  it('shows lazily loaded screenshots with alt text and a reserved size', async () => {
    await renderPublicPage('/');
    await screen.findByRole('heading', { level: 2, name: 'See how it works' });
    const files = ['dashboard', 'messages', 'message-detail', 'sms-contacts', 'join', 'settings'];
    const images = screen
      .getAllByRole('img')
      .filter((img) => img.getAttribute('src')?.startsWith('/screenshots/'));
    expect(images.map((img) => img.getAttribute('src'))).toEqual(
      files.map((file) => `/screenshots/${file}.png`),
    );
    for (const img of images) {
      expect(img.getAttribute('alt')).not.toBe('');
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).toHaveAttribute('width', '1280');
      expect(img).toHaveAttribute('height', '800');
    }
  });

  it('opens a screenshot in a modal and closes it with a click on the image or the close button', async () => {
    await renderPublicPage('/');
    const user = userEvent.setup({ delay: null });
    const enlarge = await screen.findByRole('button', { name: `Enlarge screenshot: ${DASHBOARD_ALT}` });

    await user.click(enlarge);
    const dialog = await screen.findByRole('dialog', { name: DASHBOARD_ALT });
    expect(within(dialog).getByRole('img', { name: DASHBOARD_ALT })).toHaveAttribute(
      'src',
      '/screenshots/dashboard.png',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close screenshot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(enlarge);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides a screenshot that fails to load but keeps its text', async () => {
    await renderPublicPage('/');
    const enlarge = await screen.findByRole('button', { name: `Enlarge screenshot: ${DASHBOARD_ALT}` });
    fireEvent.error(within(enlarge).getByRole('img', { hidden: true }));
    await waitFor(() => expect(screen.queryByRole('img', { name: DASHBOARD_ALT })).not.toBeInTheDocument());
    expect(
      screen.queryByRole('button', { name: `Enlarge screenshot: ${DASHBOARD_ALT}` }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Everything at a glance' })).toBeVisible();
    expect(screen.getByRole('button', { name: /^Enlarge screenshot: Messages list/ })).toBeVisible();
  });

  it('plays the English and Spanish audio demos with their transcripts', async () => {
    const { container } = await renderPublicPage('/');
    await screen.findByRole('heading', { level: 2, name: 'Hear it for yourself' });
    const players = [...container.querySelectorAll('audio')];
    expect(players.map((audio) => [audio.getAttribute('src'), audio.hasAttribute('controls')])).toEqual([
      ['/audio/demo-en.mp3', true],
      ['/audio/demo-es.mp3', true],
    ]);
    expect(players.map((audio) => audio.getAttribute('aria-label'))).toEqual([
      'Play the English demo',
      'Play the Spanish demo',
    ]);
    expect(screen.getByText(/^This is Riverside Community Radio/)).toHaveAttribute('lang', 'en');
    expect(screen.getByText(/^Esta es Radio Comunitaria Riverside/)).toHaveAttribute('lang', 'es');
  });
});
