import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo, callCount, mockApi, type TApiHandler } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const INVALID = { error: 'This invitation link is not valid or has expired.', code: 'invitation_invalid' };

function mockInvitationApi(accept: TApiHandler = () => jsonResponse(sessionUser({ role: 'user' }))) {
  setCookie('csrf_token', 'i1');
  let signedIn = false;
  return mockApi({
    'GET /auth/session': () =>
      signedIn ? jsonResponse(sessionUser({ role: 'user' })) : jsonResponse({ error: 'Not signed in' }, 401),
    'GET /auth/invitations/tok-123': () =>
      jsonResponse({
        station_display_name: 'Demo Radio',
        email: 'jane@demoradio.org',
        full_name: 'Jane Smith',
      }),
    'GET /auth/invitations/tok-old': () => jsonResponse(INVALID, 404),
    'POST /auth/invitations/accept': async (url, init) => {
      const reply = await accept(url, init);
      signedIn = reply.status === 200;
      return reply;
    },
    'GET /admin/api/dashboard': () => jsonResponse({}),
  });
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

describe('AcceptInvitationPage', () => {
  it('shows the station, email and name; checks the passwords; creates the account and lands on the dashboard', async () => {
    const fetchMock = mockInvitationApi();
    const { router } = renderApp('/accept-invitation?token=tok-123');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Create your account' }));
    expectShown(await screen.findByText('You are invited to Demo Radio'));
    expect(field(/^Email/)).toHaveValue('jane@demoradio.org');
    expect(field(/^Email/).readOnly).toBe(true);
    expect(field(/^Full Name/)).toHaveValue('Jane Smith');

    const user = userEvent.setup({ delay: null });
    await user.type(field(/^Password/), 'short');
    await user.type(field(/^Confirm Password/), 'shorter');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expectShown(screen.getByText('Password must be at least 8 characters'));
    expectShown(screen.getByText('Passwords do not match'));
    expect(callCount(fetchMock, 'POST', '/auth/invitations/accept')).toBe(0);

    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), 'long enough');
    await user.clear(field(/^Confirm Password/));
    await user.type(field(/^Confirm Password/), 'long enough');
    await user.clear(field(/^Full Name/));
    await user.type(field(/^Full Name/), 'Jane Smith-Ruiz');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
    expect(bodiesSentTo(fetchMock, 'POST', '/auth/invitations/accept')).toEqual([
      { token: 'tok-123', password: 'long enough', full_name: 'Jane Smith-Ruiz', language: 'en' },
    ]);
  });

  it('says the link is not valid, on opening and when accepting fails, in English and Spanish', async () => {
    mockInvitationApi(() => jsonResponse(INVALID, 404));
    const { unmount } = renderApp('/accept-invitation?token=tok-old');
    expectShown(await screen.findByText('This invitation link is not valid or has expired.'));
    expectShown(screen.getByText('Ask an admin of the station to send you a new invitation.'));
    unmount();

    const second = renderApp('/accept-invitation?token=tok-123');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('You are invited to Demo Radio');
    await user.type(field(/^Password/), 'long enough');
    await user.type(field(/^Confirm Password/), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expectShown(await screen.findByRole('alert'));
    expect(screen.getByRole('alert').textContent).toBe('This invitation link is not valid or has expired.');
    expect(second.router.state.location.pathname).toBe('/accept-invitation');
    second.unmount();

    await i18n.changeLanguage('es');
    renderApp('/accept-invitation?token=tok-old');
    expectShown(await screen.findByText('Este enlace de invitación no es válido o ha vencido.'));
  });

  it('reads in Spanish', async () => {
    await i18n.changeLanguage('es');
    mockInvitationApi();
    renderApp('/accept-invitation?token=tok-123');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Cree su cuenta' }));
    expectShown(await screen.findByText('Le invitaron a Demo Radio'));
    expectShown(screen.getByRole('button', { name: 'Crear cuenta' }));
  });
});
