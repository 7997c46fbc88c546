import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { filledButtons } from '../../test/filled-buttons';
import { message } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import {
  activity,
  callCount,
  dashboardStats,
  lowCreditsAlert,
  mockDashboardApi,
} from './dashboard-test-helpers';

const STATS = 'GET /admin/api/dashboard-stats';
const ACTIVITY = 'GET /admin/api/activity';

function card(name: string): ReturnType<typeof within> {
  return within(screen.getByRole('region', { name }));
}

function linkTarget(scope: ReturnType<typeof within>, name: string): string | null {
  return scope.getByRole('link', { name }).getAttribute('href');
}

async function showDashboard(...args: Parameters<typeof mockDashboardApi>) {
  const fetchMock = mockDashboardApi(...args);
  const view = renderApp('/admin/dashboard');
  await screen.findByRole('region', { name: 'Total Messages' });
  return { ...view, fetchMock, user: userEvent.setup({ delay: null }) };
}

describe('DashboardPage', () => {
  it('welcomes the user of the station and offers the desktop app for every system', async () => {
    await showDashboard({});
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(screen.getByText('Welcome back, Ana Rivera')).toBeVisible();
    expect(screen.getByText('You are managing Demo Radio.')).toBeVisible();
    expect(screen.getByText('Message Station desktop app')).toBeVisible();
    expect(screen.getByText(/Install the app on your station's computer/)).toHaveTextContent(
      "Install the app on your station's computer (Windows, macOS or Linux; no Node.js needed) to play messages aloud on air and export them as audio files.",
    );
    expect(screen.getByRole('link', { name: 'Download the App' })).toHaveAttribute('href', '/admin/download');
  });

  it('leads with what needs the admin, most urgent first, and offers the desktop app last', async () => {
    await showDashboard({
      [STATS]: () =>
        jsonResponse(
          dashboardStats({
            alerts: [
              { type: 'info', code: 'sms_disabled', message: 'SMS is disabled for this station.' },
              lowCreditsAlert(),
              {
                type: 'error',
                code: 'payment_failed',
                message: 'Your last payment failed.',
                link: '/admin/billing',
              },
            ],
          }),
        ),
    });
    const alerts = [...document.querySelectorAll('[data-alert-type]')].map((a) =>
      a.getAttribute('data-alert-type'),
    );
    expect(alerts).toEqual(['error', 'warning', 'info']);
    const first = document.querySelector('[data-alert-type]') as HTMLElement;
    const cards = screen.getByRole('region', { name: 'Total Messages' });
    expect(first.compareDocumentPosition(cards) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const desktop = screen.getByRole('link', { name: 'Download the App' });
    expect(cards.compareDocumentPosition(desktop) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // No banner's button is filled: the page keeps its one filled action for the header.
    expect(filledButtons(document.querySelector('main') as HTMLElement)).toEqual([]);
  });

  it('offers the desktop app in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockDashboardApi({});
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Aplicación de escritorio Message Station')).toBeVisible();
    expect(screen.getByText(/Instale la aplicación en la computadora de su estación/)).toHaveTextContent(
      'Instale la aplicación en la computadora de su estación (Windows, macOS o Linux; no necesita Node.js) para leer los mensajes en voz alta al aire y exportarlos como archivos de audio.',
    );
    expect(screen.getByRole('link', { name: 'Descargar la aplicación' })).toHaveAttribute(
      'href',
      '/admin/download',
    );
  });

  it('shows this month’s figures in US formatting, with a way to each page', async () => {
    await showDashboard({});
    const total = card('Total Messages');
    expect(total.getByText('1,234')).toBeVisible();
    expect(total.getByText('2,480 all time')).toBeVisible();
    expect(linkTarget(total, 'View All')).toBe('/admin/messages');

    const counts = screen.getByRole('region', { name: 'Message Counts' });
    await within(counts).findByText('Emergency');
    const rows = Array.from(counts.querySelectorAll('[data-type-count]')).map((row) => row.textContent);
    // Informational is not active at this station, so it has no line.
    expect(rows).toEqual(['Emergency2', 'Alert7', 'Station0']);
    expect(linkTarget(within(counts), 'Manage')).toBe('/admin/settings');

    expect(card('Total SMS Sent').getByText('320')).toBeVisible();
    const subscribers = card('SMS Subscribers');
    expect(subscribers.getByText('1,402')).toBeVisible();
    expect(subscribers.getByText('Active, of 1,500 contacts')).toBeVisible();
    expect(linkTarget(subscribers, 'Manage')).toBe('/admin/sms-contacts');

    const credits = card('SMS Credits');
    expect(credits.getByText('SMS Enabled')).toBeVisible();
    const balance = credits.getByTestId('sms-credits-balance');
    expect(balance.textContent).toBe('1,250');
    expect(balance.getAttribute('style') ?? '').not.toContain('red');
    expect(linkTarget(credits, 'Add Credits')).toBe('/admin/billing');
  });

  it('shows the credit balance in red when the server warns of low credits, and SMS Disabled', async () => {
    const view = await showDashboard({
      [STATS]: () =>
        jsonResponse(
          dashboardStats({
            station: { sms_credits_balance: 99, sms_enabled: false },
            alerts: [lowCreditsAlert()],
          }),
        ),
    });
    const credits = card('SMS Credits');
    expect(credits.getByText('SMS Disabled')).toBeVisible();
    expect(credits.getByTestId('sms-credits-balance').getAttribute('style')).toContain('red');
    view.unmount();

    // A trial's untouched 50 credits: the server sends no warning, and the balance is not red.
    await showDashboard({
      [STATS]: () =>
        jsonResponse(dashboardStats({ station: { sms_credits_balance: 50, payment_status: 'trial' } })),
    });
    expect(card('SMS Credits').getByTestId('sms-credits-balance').getAttribute('style') ?? '').not.toContain(
      'red',
    );
  });

  it('greets a first visit with Welcome, and names the free trial’s end among the alerts', async () => {
    await showDashboard(
      {
        [STATS]: () =>
          jsonResponse(
            dashboardStats({
              alerts: [
                {
                  type: 'info',
                  code: 'trial_active',
                  date: '2026-12-11T15:00:00.000Z',
                  message: 'Free trial ends on December 11, 2026.',
                  action: 'Choose a plan',
                  link: '/admin/billing',
                },
              ],
            }),
          ),
      },
      { user: { firstVisit: true } },
    );
    expect(screen.getByText('Welcome, Ana Rivera')).toBeVisible();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    const trial = screen
      .getByText('Free trial ends on December 11, 2026.')
      .closest('[data-alert-type]') as HTMLElement;
    expect(within(trial).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/admin/billing',
    );
    try {
      await act(() => i18n.changeLanguage('es'));
      expectShown(await screen.findByText('Le damos la bienvenida, Ana Rivera'));
      expectShown(screen.getByText('La prueba gratuita termina el 11 de diciembre de 2026.'));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('hides the links to admin-only pages from a standard user', async () => {
    await showDashboard({}, { user: { role: 'user' } });
    expect(card('SMS Credits').queryByRole('link', { name: 'Add Credits' })).not.toBeInTheDocument();
    expect(card('Message Counts').queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
    expect(linkTarget(card('SMS Subscribers'), 'Manage')).toBe('/admin/sms-contacts');
  });

  it('shows the server’s alerts coloured by type, worded from their code, with their action', async () => {
    const { user, router } = await showDashboard({
      [STATS]: () =>
        jsonResponse(
          dashboardStats({
            alerts: [
              lowCreditsAlert(),
              { type: 'info', code: 'sms_disabled', message: 'SMS is disabled for this station.' },
            ],
          }),
        ),
    });
    const warning = screen.getByText('Low SMS credits: 80 left.').closest('[data-alert-type]') as HTMLElement;
    expect(warning).toHaveAttribute('data-alert-type', 'warning');
    expect(warning.getAttribute('style')).toContain('orange');
    const info = screen
      .getByText('SMS is disabled for this station.')
      .closest('[data-alert-type]') as HTMLElement;
    // A notice is a quiet line, not another coloured banner, and comes after what needs action.
    expect(info.getAttribute('style')).not.toContain('blue');
    expect(warning.compareDocumentPosition(info) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(info).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(warning).getByRole('link', { name: 'Add Credits' }));
    expect(router.state.location.pathname).toBe('/admin/billing');
  });

  it('words the alerts in Spanish, numbers included, whatever English the server sent', async () => {
    try {
      await showDashboard({
        [STATS]: () =>
          jsonResponse(
            dashboardStats({
              alerts: [
                {
                  type: 'warning',
                  code: 'trial_ending',
                  params: { days: 2 },
                  message: 'Your free trial ends in 2 days.',
                  action: 'Choose a plan',
                  link: '/admin/billing',
                },
                {
                  type: 'warning',
                  code: 'low_credits',
                  params: { credits: 12 },
                  message: 'Low SMS credits: 12 left.',
                  action: 'Add Credits',
                  link: '/admin/billing',
                },
              ],
            }),
          ),
      });
      await act(() => i18n.changeLanguage('es'));
      expectShown(await screen.findByText('Su prueba gratuita termina en 2 días.'));
      expectShown(screen.getByText('Quedan pocos créditos de SMS: 12.'));
      expectShown(screen.getByRole('link', { name: 'Elegir un plan' }));
      // The low-credits banner's and the credits card's, the same words.
      expect(screen.getAllByRole('link', { name: 'Agregar créditos' })).toHaveLength(2);
      expect(screen.queryByText(/Low SMS credits|free trial/)).not.toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('lists the latest messages (asking for 3) with their text cut at 80 characters', async () => {
    const long = `${'A'.repeat(79)}BCDEF`;
    await showDashboard({
      'GET /admin/api/messages': (url) =>
        url.searchParams.get('limit') === '3'
          ? jsonResponse([
              message({ id: 'm-9', title: 'Storm watch', original: long }),
              message({ title: '' }),
            ])
          : jsonResponse({ error: 'limit expected' }, 400),
    });
    const recent = card('Recent Messages');
    expect(await recent.findByText('Storm watch')).toBeVisible();
    expect(recent.getByText(`${'A'.repeat(79)}B…`)).toBeVisible();
    expect(recent.getByText('Untitled')).toBeVisible();
  });

  it('says No messages yet without messages', async () => {
    await showDashboard({});
    expect(await card('Recent Messages').findByText('No messages yet')).toBeVisible();
  });

  it('charts SMS sent per day over the last 30 days, the station’s days in its zone', async () => {
    await showDashboard({});
    const chart = card('SMS Sent per Day');
    // The server counts the days in the station's zone and sends their dates as they are there.
    expect(chart.getByText('Last 30 days, in Central Time (Chicago)')).toBeVisible();
    expect(chart.getByText('6 SMS sent in the last 30 days; the most on Mar 20 (4).')).toBeVisible();
    const rows = within(chart.getByRole('table', { name: 'SMS Sent per Day' })).getAllByRole('row');
    const cells = rows
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));
    expect(cells).toHaveLength(30);
    expect(cells[0]).toEqual(['Mar 1', '0']);
    expect(cells[19]).toEqual(['Mar 20', '4']);
    expect(cells[29]).toEqual(['Mar 30', '2']);
    try {
      await act(() => i18n.changeLanguage('es'));
      expectShown(await screen.findByText('Últimos 30 días, en hora central (Chicago)'));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows recent activity, links a message’s line to Messages, and refreshes', async () => {
    let lines = [
      activity(),
      activity({
        id: 'a-2',
        messageId: null,
        status: 'failed',
        description: 'SMS failed for 1 subscriber',
        metadata: { phone: '+14155550134', characterCount: 1, segmentCount: 2 },
        delivery: { recipients: 1, total: 1, sent: 0, failed: 1 },
      }),
    ];
    const { user, router, fetchMock } = await showDashboard({
      [ACTIVITY]: (url) =>
        url.searchParams.get('limit') === '20'
          ? jsonResponse({ activities: lines })
          : jsonResponse({ error: 'limit expected' }, 400),
    });
    const list = card('Recent Activity');
    const sent = (await list.findByText('Sent to 3 subscribers')).closest('li') as HTMLElement;
    expect(within(sent).getByText('Road closure')).toBeVisible();
    expect(within(sent).getByText('42 characters · 1 segment')).toBeVisible();
    expect(within(sent).getByText('5m ago')).toBeVisible();
    expect(within(sent).getByText('Sent')).toBeVisible();
    const failed = list.getByText('Failed for 1 subscriber').closest('li') as HTMLElement;
    expect(within(failed).getByText('Failed')).toBeVisible();
    expect(within(failed).getByText('1 character · 2 segments')).toBeVisible();
    expect(within(failed).queryByRole('link')).not.toBeInTheDocument();

    lines = [];
    await user.click(list.getByRole('button', { name: 'Refresh' }));
    expect(await list.findByText('No recent activity')).toBeVisible();
    expect(callCount(fetchMock, 'GET', '/admin/api/activity')).toBe(2);

    lines = [activity()];
    await user.click(list.getByRole('button', { name: 'Refresh' }));
    await user.click(await list.findByRole('link', { name: /Sent to 3 subscribers/ }));
    expect(router.state.location.pathname).toBe('/admin/messages');
  });

  it('says the statistics failed to load and retries', async () => {
    let fail = true;
    const fetchMock = mockDashboardApi({
      [STATS]: () => (fail ? jsonResponse({}, 500) : jsonResponse(dashboardStats())),
    });
    renderApp('/admin/dashboard');
    expect(await screen.findByText('Failed to load dashboard statistics')).toBeVisible();
    expect(screen.getByText('Failed to load dashboard')).toBeVisible();
    expect(screen.getByText('Welcome back, Ana Rivera')).toBeVisible();

    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Total Messages' })).toBeVisible();
    expect(screen.queryByText('Failed to load dashboard statistics')).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'GET', '/admin/api/dashboard-stats')).toBe(2);
  });
});
