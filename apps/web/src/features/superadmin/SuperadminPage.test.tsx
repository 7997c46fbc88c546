import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import {
  callCount,
  dashboard,
  mockSuperadminApi,
  sessionViewingValleySchool,
} from './superadmin-test-helpers';

const DASHBOARD = 'GET /admin/api/superadmin/dashboard';

function rowOf(text: string): ReturnType<typeof within> {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row as HTMLElement);
}

describe('SuperadminPage', () => {
  it('shows the totals with US formatting, every station, and the stations at a glance', async () => {
    mockSuperadminApi({ [DASHBOARD]: () => jsonResponse(dashboard()) });
    renderApp('/admin/superadmin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Superadmin Dashboard' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/admin/dashboard');
    await screen.findByRole('heading', { name: 'All Stations' });
    expect(within(screen.getByRole('group', { name: 'Total Stations' })).getByText('2')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Total Users' })).getByText('1,234')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'Total Messages' })).getByText('56,789')).toBeVisible();
    expect(within(screen.getByRole('group', { name: 'SMS Subscribers' })).getByText('10,500')).toBeVisible();

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Station',
      'Status',
      'Users',
      'Messages',
      'SMS Credits',
      'Actions',
    ]);
    const demo = rowOf('demoradio');
    expect(demo.getByText('Demo Radio')).toBeVisible();
    expect(demo.getByText('Paid')).toBeVisible();
    expect(demo.getByText('SMS')).toBeVisible();
    expect(demo.getByText('1,250')).toBeVisible();
    expect(demo.getByText('1,680')).toBeVisible();
    const school = rowOf('valleyschool');
    expect(school.getByText('Valley School')).toBeVisible();
    expect(school.getByText('Free')).toBeVisible();
    expect(school.queryByText('SMS')).not.toBeInTheDocument();
    expect(school.getByText('-')).toBeVisible();
    expect(school.getByRole('button', { name: 'View as Admin' })).toBeVisible();

    // The stations at a glance, from the same rows; nothing announced that is not there.
    const glance = within(screen.getByRole('region', { name: 'Stations at a Glance' }));
    const figure = (name: string) => glance.getByRole('group', { name }).lastElementChild?.textContent;
    expect(
      ['Paid', 'On trial', 'Suspended', 'Unpaid', 'Sending SMS', 'SMS credits held'].map(figure),
    ).toEqual(['1', '1', '0', '0', '1', '1,680']);
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Viewing as:/)).not.toBeInTheDocument();
  });

  it('switches into a station, starts every query over, and goes to the dashboard', async () => {
    setCookie('csrf_token', 'sa1');
    let viewing = false;
    const fetchMock = mockSuperadminApi({
      'GET /auth/session': sessionViewingValleySchool(() => viewing),
      [DASHBOARD]: () => jsonResponse(dashboard()),
      'POST /admin/api/superadmin/switch-station/st-2': () => {
        viewing = true;
        return jsonResponse({
          message: 'Now viewing Valley School',
          viewing_station: { id: 'st-2', display_name: 'Valley School', slug: 'valleyschool' },
        });
      },
    });
    const { router } = renderApp('/admin/superadmin');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Valley School');

    await user.click(rowOf('valleyschool').getByRole('button', { name: 'View as Admin' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(callCount(fetchMock, 'POST', '/admin/api/superadmin/switch-station/st-2')).toBe(1);
    // The session came again: the layout now shows the viewed station and the viewing bar.
    expect(callCount(fetchMock, 'GET', '/auth/session')).toBeGreaterThan(1);
    expect(await screen.findByRole('region', { name: 'Station view' })).toBeVisible();
    expect(screen.getByText('Viewing as: Valley School')).toBeVisible();
  });

  it("alerts 'Failed to switch station' and stays when the switch is refused", async () => {
    setCookie('csrf_token', 'sa2');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    mockSuperadminApi({
      [DASHBOARD]: () => jsonResponse(dashboard()),
      'POST /admin/api/superadmin/switch-station/st-2': () =>
        jsonResponse({ error: 'Station not found' }, 404),
    });
    const { router } = renderApp('/admin/superadmin');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Valley School');

    await user.click(rowOf('valleyschool').getByRole('button', { name: 'View as Admin' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to switch station'));
    expect(router.state.location.pathname).toBe('/admin/superadmin');
  });

  it('marks the viewed station and leaves it with Exit View', async () => {
    setCookie('csrf_token', 'sa3');
    let viewing = true;
    const viewingStation = { id: 'st-2', display_name: 'Valley School', slug: 'valleyschool' };
    const fetchMock = mockSuperadminApi({
      [DASHBOARD]: () => jsonResponse(dashboard({ viewing_station: viewing ? viewingStation : null })),
      'POST /admin/api/superadmin/exit-station': () => {
        viewing = false;
        return jsonResponse({ message: 'Exited station view' });
      },
    });
    renderApp('/admin/superadmin');
    const user = userEvent.setup({ delay: null });

    const banner = await screen.findByText('Viewing as: Valley School');
    expect(rowOf('demoradio').getByRole('button', { name: 'View as Admin' })).toBeVisible();
    expect(rowOf('valleyschool').getByText('Viewing')).toBeVisible();
    expect(rowOf('valleyschool').queryByRole('button', { name: 'View as Admin' })).not.toBeInTheDocument();

    await user.click(
      within(banner.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Exit View' }),
    );
    await waitFor(() => expect(screen.queryByText('Viewing as: Valley School')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'POST', '/admin/api/superadmin/exit-station')).toBe(1);
    expect(rowOf('valleyschool').getByRole('button', { name: 'View as Admin' })).toBeVisible();
  });

  it('sends anyone the server does not call a superadmin to the dashboard', async () => {
    const fetchMock = mockSuperadminApi({
      'GET /admin/api/superadmin/status': () =>
        jsonResponse({ is_superadmin: false, viewing_station_id: null }),
      [DASHBOARD]: () => jsonResponse(dashboard()),
    });
    const { router } = renderApp('/admin/superadmin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(callCount(fetchMock, 'GET', '/admin/api/superadmin/dashboard')).toBe(0);
  });
});
