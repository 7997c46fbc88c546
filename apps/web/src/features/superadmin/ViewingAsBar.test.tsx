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

  it('is not there when the user views their own station', async () => {
    mockSuperadminApi({});
    renderApp('/admin/download');
    await screen.findByRole('navigation', { name: 'Admin navigation' });
    expect(screen.queryByRole('region', { name: 'Station view' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Viewing as:/)).not.toBeInTheDocument();
  });
});
