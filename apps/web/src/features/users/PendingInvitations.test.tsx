import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo, callCount } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { invitation, mockUsersApi, signedInAdmin } from '../../test/users-test-helpers';

const jane = invitation();
const sam = invitation({
  id: 'invitation-2',
  email: 'sam@demoradio.org',
  full_name: 'Sam Park',
  role: 'admin',
  status: 'expired',
  expires_at: '2026-11-01T12:00:00.000Z',
  created_at: '2026-10-25T12:00:00.000Z',
});

function pendingRow(email: string) {
  const section = screen
    .getByRole('heading', { name: /^Pending invitations|^Invitaciones pendientes/ })
    .closest('section');
  const row = within(section as HTMLElement)
    .getByText(email)
    .closest('tr');
  if (!row) throw new Error(`no row for ${email}`);
  return within(row as HTMLElement);
}

describe('Pending invitations', () => {
  it('lists email, name, role, sent and expiry; Resend sends a new link, Revoke removes the row', async () => {
    setCookie('csrf_token', 'p1');
    const fetchMock = mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      'GET /admin/api/invitations': () => jsonResponse([jane, sam]),
      'POST /admin/api/invitations/invitation-2/resend': () =>
        jsonResponse({ ...sam, status: 'invited', expires_at: '2026-12-01T12:00:00.000Z' }),
      'DELETE /admin/api/invitations/invitation-1': () => jsonResponse({ ok: true }),
    });
    renderApp('/admin/users');
    expectShown(await screen.findByRole('region', { name: 'Pending invitations (2)' }));
    for (const column of ['Email', 'Name', 'Role', 'Sent', 'Expires']) {
      expect(screen.getAllByRole('columnheader', { name: column }).length).toBeGreaterThan(0);
    }
    const janeRow = pendingRow('jane@demoradio.org');
    expectShown(janeRow.getByText('Jane Smith'));
    expectShown(janeRow.getByText('User'));
    expectShown(janeRow.getByText('Nov 23, 2026'));
    expectShown(janeRow.getByText('Nov 30, 2026'));
    const samRow = pendingRow('sam@demoradio.org');
    expectShown(samRow.getByText('Admin'));
    expectShown(samRow.getByText('Expired'));

    const user = userEvent.setup({ delay: null });
    await user.click(samRow.getByRole('button', { name: 'Resend sam@demoradio.org' }));
    // The toast list may re-render as the page refetches: look again until the toast is shown.
    await waitFor(() => expectShown(screen.getByText('Invitation sent to sam@demoradio.org again.')));
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/invitations/invitation-2/resend')).toEqual([
      { language: 'en' },
    ]);
    await waitFor(() => expectShown(pendingRow('sam@demoradio.org').getByText('Dec 1, 2026')));
    expect(pendingRow('sam@demoradio.org').queryByText('Expired')).not.toBeInTheDocument();

    await user.click(
      pendingRow('jane@demoradio.org').getByRole('button', { name: 'More actions for jane@demoradio.org' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke jane@demoradio.org' }));
    await waitFor(() => expectShown(screen.getByText('Invitation to jane@demoradio.org revoked.')));
    expect(callCount(fetchMock, 'DELETE', '/admin/api/invitations/invitation-1')).toBe(1);
    await waitFor(() => expectShown(screen.getByRole('heading', { name: 'Pending invitations (1)' })));
    expect(screen.queryByText('jane@demoradio.org')).not.toBeInTheDocument();
  });

  it('shows nothing while there are none, and reads in Spanish', async () => {
    mockUsersApi({ 'GET /admin/api/users': () => jsonResponse([signedInAdmin()]) });
    const { unmount } = renderApp('/admin/users');
    await screen.findByText('Station Users (1)');
    expect(screen.queryByRole('heading', { name: /Pending invitations/ })).not.toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('es');
    mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      'GET /admin/api/invitations': () => jsonResponse([sam]),
    });
    renderApp('/admin/users');
    expectShown(await screen.findByRole('heading', { name: 'Invitaciones pendientes (1)' }));
    const row = pendingRow('sam@demoradio.org');
    expectShown(row.getByText('Vencida'));
    expectShown(row.getByRole('button', { name: 'Reenviar sam@demoradio.org' }));
    expectShown(row.getByRole('button', { name: 'Más acciones para sam@demoradio.org' }));
  });
});
