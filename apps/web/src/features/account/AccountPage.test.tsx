import type { TAccount, TAccountSession } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, callCount } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const ACCOUNT_OFF: TAccount = {
  twoFactor: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
  station: { requireTwoFactor: false },
};
const THIS_LAPTOP: TAccountSession = {
  id: 's-1',
  current: true,
  browser: 'Chrome',
  os: 'macOS',
  ip: '203.0.113.7',
  created_at: '2026-11-22T12:00:00.000Z',
  last_seen_at: '2026-11-22T12:30:00.000Z',
};
const OLD_PHONE: TAccountSession = {
  id: 's-2',
  current: false,
  browser: 'Safari',
  os: 'iOS',
  ip: '198.51.100.4',
  created_at: '2026-11-21T08:00:00.000Z',
  last_seen_at: null,
};

function mockAccountApi(extra: Parameters<typeof mockSession>[1] = {}, user = sessionUser()) {
  let sessions = [THIS_LAPTOP, OLD_PHONE];
  return mockSession(user, {
    'GET /admin/api/account': () => jsonResponse(ACCOUNT_OFF),
    'GET /admin/api/account/sessions': () => jsonResponse(sessions),
    'DELETE /admin/api/account/sessions/s-2': () => {
      sessions = [THIS_LAPTOP];
      return jsonResponse({ ok: true });
    },
    ...extra,
  });
}

describe('AccountPage', () => {
  it('lists the sessions with this device marked and signs another one out', async () => {
    setCookie('csrf_token', 'c1');
    const fetchMock = mockAccountApi();
    renderApp('/admin/account');

    expectShown(await screen.findByRole('heading', { level: 1, name: 'My Account' }));
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    const laptopRow = (await within(sessions).findByText('Chrome on macOS')).closest('tr') as HTMLElement;
    expectShown(within(laptopRow).getByText('This device'));
    expect(within(laptopRow).queryByRole('button', { name: /Sign out/ })).not.toBeInTheDocument();
    expectShown(within(sessions).getByText('198.51.100.4'));

    await userEvent.click(within(sessions).getByRole('button', { name: 'Sign out Safari on iOS' }));
    await waitFor(() => expect(within(sessions).queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'DELETE', '/admin/api/account/sessions/s-2')).toBe(1);
    expect(within(sessions).getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();
  });

  it('says when the current password is wrong, and sends the new one when right', async () => {
    setCookie('csrf_token', 'c2');
    let attempt = 0;
    const fetchMock = mockAccountApi({
      'POST /admin/api/account/password': () =>
        ++attempt === 1
          ? jsonResponse({ error: 'Your current password is not correct.', code: 'wrong_password' }, 400)
          : jsonResponse({ revoked: 1 }),
    });
    renderApp('/admin/account');
    const user = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Change password' });
    await user.type(within(section).getByLabelText(/^Current password/), 'not-it');
    await user.type(within(section).getByLabelText(/^New password/), 'brand-new-pass');
    await user.type(within(section).getByLabelText(/^Confirm new password/), 'brand-new-pass');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expectShown(await within(section).findByText('Your current password is not correct.'));

    await user.clear(within(section).getByLabelText(/^Current password/));
    await user.type(within(section).getByLabelText(/^Current password/), 'demo1234');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expectShown(await screen.findByText('Password changed. 1 other session was signed out.'));
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/account/password')).toEqual([
      { currentPassword: 'not-it', newPassword: 'brand-new-pass' },
      { currentPassword: 'demo1234', newPassword: 'brand-new-pass' },
    ]);
  });

  it('sets up two-factor: QR code and key, a first code, then the recovery codes once', async () => {
    setCookie('csrf_token', 'c3');
    const uri =
      'otpauth://totp/Message%20Station:ana%40demoradio.org?issuer=Message%20Station&secret=JBSWY3DPEHPK3PXP';
    const codes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '2')}`);
    let tries = 0;
    let enabled = false;
    const fetchMock = mockAccountApi({
      // Once on, the account says so (the page reads it again): the codes must stay on screen.
      'GET /admin/api/account': () =>
        jsonResponse(
          enabled
            ? {
                ...ACCOUNT_OFF,
                twoFactor: { enabled: true, enabledAt: '2026-11-22T12:00:00.000Z', recoveryCodesLeft: 10 },
              }
            : ACCOUNT_OFF,
        ),
      'POST /admin/api/account/two-factor/setup': () => jsonResponse({ secret: 'JBSWY3DPEHPK3PXP', uri }),
      'POST /admin/api/account/two-factor/enable': () => {
        tries += 1;
        if (tries === 1)
          return jsonResponse({ error: 'That code is not valid.', code: 'two_factor_code_rejected' }, 400);
        enabled = true;
        return jsonResponse({ recoveryCodes: codes });
      },
    });
    renderApp('/admin/account');
    const user = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expectShown(within(section).getByText('Off'));
    await user.click(within(section).getByRole('button', { name: 'Set up two-factor authentication' }));

    const qr = await within(section).findByRole('img', { name: 'QR code for your authenticator app' });
    expectShown(qr);
    expect(qr).toHaveAttribute('data-otpauth-uri', uri);
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
    expectShown(within(section).getByText('JBSW Y3DP EHPK 3PXP'));

    await user.type(within(section).getByLabelText(/^Code from the app/), '123456');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));
    expectShown(
      await within(section).findByText('That code is not valid. Check your authenticator app and try again.'),
    );
    await user.clear(within(section).getByLabelText(/^Code from the app/));
    await user.type(within(section).getByLabelText(/^Code from the app/), '654321');
    await user.click(within(section).getByRole('button', { name: 'Turn on' }));

    const list = await within(section).findByLabelText('Recovery codes');
    expectShown(list);
    expect(list.textContent).toBe(codes.join('\n'));
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/account/two-factor/enable')).toEqual([
      { code: '123456' },
      { code: '654321' },
    ]);
    await user.click(within(section).getByRole('button', { name: 'I saved my codes' }));
    await waitFor(() => expect(within(section).queryByLabelText('Recovery codes')).not.toBeInTheDocument());
    expectShown(within(section).getByText('10 recovery codes left.', { exact: false }));
    expectShown(within(section).getByText('On'));
  });

  it('turns two-factor off with the password and a code, saying which one was wrong', async () => {
    setCookie('csrf_token', 'c5');
    let on = true;
    let tries = 0;
    const fetchMock = mockAccountApi({
      'GET /admin/api/account': () =>
        jsonResponse({
          ...ACCOUNT_OFF,
          twoFactor: on
            ? { enabled: true, enabledAt: '2026-11-22T12:00:00.000Z', recoveryCodesLeft: 7 }
            : ACCOUNT_OFF.twoFactor,
        }),
      'POST /admin/api/account/two-factor/disable': () => {
        tries += 1;
        if (tries === 1) return jsonResponse({ error: 'Wrong.', code: 'wrong_password' }, 400);
        on = false;
        return jsonResponse({ ok: true });
      },
    });
    renderApp('/admin/account');
    const user = userEvent.setup({ delay: null });
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expectShown(await within(section).findByText('7 recovery codes left.', { exact: false }));
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));

    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'nope-nope');
    await user.type(within(dialog).getByLabelText(/^Code from the app or a recovery code/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expectShown(await within(dialog).findByText('Your current password is not correct.'));

    await user.clear(within(dialog).getByLabelText(/^Current password/));
    await user.type(within(dialog).getByLabelText(/^Current password/), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expectShown(await screen.findByText('Two-factor authentication is off.'));
    expectShown(await within(section).findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/account/two-factor/disable')).toEqual([
      { password: 'nope-nope', code: '123456' },
      { password: 'demo1234', code: '123456' },
    ]);
  });

  it('holds an admin whose station requires two-factor on this page until it is on', async () => {
    mockAccountApi({}, sessionUser({ twoFactorSetupRequired: true }));
    const { router } = renderApp('/admin/messages');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account'));
    expectShown(await screen.findByText('Set up two-factor authentication to continue'));
    expectShown(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    expect(screen.queryByRole('region', { name: 'Sessions' })).not.toBeInTheDocument();
  });

  it('sends an admin to set it up when the station starts requiring it while they work', async () => {
    let sessionReads = 0;
    mockAccountApi({
      'GET /auth/session': () =>
        jsonResponse(sessionUser(++sessionReads > 1 ? { twoFactorSetupRequired: true } : {})),
      'GET /admin/api/station/settings': () =>
        jsonResponse({ error: 'Set it up first.', code: 'two_factor_setup_required' }, 403),
    });
    const { router } = renderApp('/admin/settings');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/account'));
    expectShown(await screen.findByText('Set up two-factor authentication to continue'));
  });

  it('lets an admin require two-factor for the station, and says why it was refused', async () => {
    setCookie('csrf_token', 'c4');
    mockAccountApi({
      'PUT /admin/api/station/security': () =>
        jsonResponse({ error: 'Turn on two-factor first.', code: 'two_factor_enable_own_first' }, 409),
    });
    renderApp('/admin/account');
    const section = await screen.findByRole('region', { name: 'Station security' });
    await userEvent.click(
      within(section).getByRole('switch', { name: /Require two-factor authentication for admins/ }),
    );
    expectShown(
      await within(section).findByText('Turn on two-factor authentication for your own account first.'),
    );
  });

  it('shows no station security to a standard user', async () => {
    mockAccountApi(
      { 'GET /admin/api/account': () => jsonResponse({ ...ACCOUNT_OFF, station: null }) },
      sessionUser({ role: 'user' }),
    );
    renderApp('/admin/account');
    expectShown(await screen.findByRole('region', { name: 'Sessions' }));
    expect(screen.queryByRole('region', { name: 'Station security' })).not.toBeInTheDocument();
    expectShown(screen.getByRole('link', { name: 'My Account' }));
  });
});
