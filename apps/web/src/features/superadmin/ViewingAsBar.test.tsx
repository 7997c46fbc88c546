import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import {
  callCount,
  dashboard,
  mockSuperadminApi,
  sessionViewingValleySchool,
} from './superadmin-test-helpers';

describe('ViewingAsBar', () => {
  it('shows the viewed station across the admin area and exits to the superadmin dashboard', async () => {
    setCookie('csrf_token', 'vb1');
    let viewing = true;
    const fetchMock = mockSuperadminApi({
      'GET /auth/session': sessionViewingValleySchool(() => viewing),
      'GET /admin/api/superadmin/dashboard': () => jsonResponse(dashboard()),
      'POST /admin/api/superadmin/exit-station': () => {
        viewing = false;
        return jsonResponse({ message: 'Exited station view' });
      },
    });
    const { router } = renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });

    const bar = within(await screen.findByRole('region', { name: 'Station view' }));
    expect(bar.getByText('Viewing as: Valley School')).toBeVisible();
    await user.click(bar.getByRole('button', { name: 'Exit View' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/superadmin'));
    expect(callCount(fetchMock, 'POST', '/admin/api/superadmin/exit-station')).toBe(1);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Station view' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Superadmin Dashboard' })).toBeVisible();
  });

  it('reaches the list of stations even when the page behind the bar answers after the bar is gone', async () => {
    setCookie('csrf_token', 'vb2');
    let viewing = true;
    // The page's own list answers its refetch only once the bar has gone (the session said the
    // view ended): the exit must not wait on it, nor on the bar, to reach the list.
    let releaseReleases: () => void = () => {};
    const releasesAfterExit = new Promise<void>((resolve) => (releaseReleases = resolve));
    const fetchMock = mockSuperadminApi({
      'GET /auth/session': sessionViewingValleySchool(() => viewing),
      'GET /admin/api/superadmin/dashboard': () => jsonResponse(dashboard()),
      'GET /api/releases': async () => {
        if (!viewing) await releasesAfterExit;
        return jsonResponse({ releases: [] });
      },
      'POST /admin/api/superadmin/exit-station': () => {
        viewing = false;
        return jsonResponse({ message: 'Exited station view' });
      },
    });
    const { router, queryClient } = renderApp('/admin/download');
    const user = userEvent.setup({ delay: null });

    const bar = within(await screen.findByRole('region', { name: 'Station view' }));
    await waitFor(() => expect(callCount(fetchMock, 'GET', '/api/releases')).toBe(1));
    await user.click(bar.getByRole('button', { name: 'Exit View' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Station view' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/superadmin'));
    releaseReleases();
    expect(await screen.findByRole('heading', { level: 1, name: 'Superadmin Dashboard' })).toBeVisible();
    expect(await screen.findByRole('row', { name: /Valley School/ })).toBeVisible();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  });

  it('is not there when the user views their own station', async () => {
    mockSuperadminApi({ 'GET /api/releases': () => jsonResponse({ releases: [] }) });
    renderApp('/admin/download');
    await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(screen.queryByRole('region', { name: 'Station view' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Viewing as:/)).not.toBeInTheDocument();
  });
});
