import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectHeadingsInOrder, mainHeadings, renderPublicPage } from './landing/landing-test-helpers';

const DASHBOARD_ALT = 'Dashboard with message counts, SMS subscribers, SMS credits and recent activity';

describe('PlatformOverviewPage', () => {
  it('shows both galleries, the capabilities and the calls to action, in English', async () => {
    await renderPublicPage('/platform-overview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform Overview' })).toBeVisible();
    expect(mainHeadings()).toEqual([
      'h1 Platform Overview',
      'h2 Desktop app',
      'h2 Web dashboard',
      'h2 Capabilities',
      'h2 Try it with your own station',
    ]);
    expectHeadingsInOrder();
    // The title is set by an effect, which may run just after the heading is shown.
    await waitFor(() => expect(document.title).toBe('Platform Overview · Message Station'));

    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Create Your Station' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(within(main).getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(
      screen.getByText(
        /^Requirements: a PC with Windows 10 or later, a Mac with macOS 13.0 or later .*Linux x64.*No Node\.js needed/,
      ),
    ).toBeVisible();
    expect(screen.getByText('Automatic translation into up to nine languages')).toBeVisible();
    expect(screen.getByText(/^Quiet hours: non-emergency texts between 8 AM and 9 PM/)).toBeVisible();
  });

  it('captions every screenshot and loads only the first one eagerly', async () => {
    await renderPublicPage('/platform-overview');
    await screen.findByRole('heading', { level: 1, name: 'Platform Overview' });
    const figures = [...screen.getByRole('main').querySelectorAll('figure')];
    expect(
      figures.map((figure) => [
        figure.querySelector('img')?.getAttribute('src'),
        figure.querySelector('img')?.getAttribute('loading'),
      ]),
    ).toEqual([
      ['/screenshots/desktop-agent-status.png', 'eager'],
      ['/screenshots/dashboard.png', 'lazy'],
      ['/screenshots/messages.png', 'lazy'],
      ['/screenshots/message-detail.png', 'lazy'],
      ['/screenshots/sms-contacts.png', 'lazy'],
      ['/screenshots/join.png', 'lazy'],
      ['/screenshots/settings.png', 'lazy'],
    ]);
    expect(figures[0]?.querySelector('figcaption')?.textContent).toBe(
      'Agent status: connection to your station, audio output, the voice for each language and the last messages played or exported.',
    );
    expect(figures[1]?.querySelector('figcaption')?.textContent).toBe(
      'Dashboard: messages, texts sent, subscribers, credits and recent activity.',
    );
  });

  it('enlarges a gallery screenshot and closes it on click', async () => {
    await renderPublicPage('/platform-overview');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: `Enlarge screenshot: ${DASHBOARD_ALT}` }));
    const dialog = await screen.findByRole('dialog', { name: DASHBOARD_ALT });
    await user.click(within(dialog).getByRole('button', { name: 'Close screenshot' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the page in Spanish', async () => {
    await renderPublicPage('/platform-overview', 'es');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Descripción de la plataforma' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Aplicación de escritorio' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Panel web' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Capacidades' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Cree su estación' })).toHaveAttribute('href', '/signup');
    expect(within(main).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(
      screen.getByRole('button', {
        name: 'Ampliar captura de pantalla: Panel con el número de mensajes, suscriptores de SMS, créditos de SMS y actividad reciente',
      }),
    ).toBeVisible();
  });
});
