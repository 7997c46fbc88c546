// The code step of the login page (decision 0020).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

async function passwordStep() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/Email/), 'ana@demoradio.org');
  await user.type(screen.getByLabelText(/Password/), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('LoginPage code step', () => {
  it('asks for the code after the password, says a wrong one, and signs in with the right one', async () => {
    setCookie('csrf_token', 'k1');
    let tries = 0;
    const fetchMock = mockSession(null, {
      'POST /auth/login': () => jsonResponse({ twoFactorRequired: true }),
      'POST /auth/login/two-factor': () =>
        ++tries === 1
          ? jsonResponse({ error: 'That code is not valid.', code: 'invalid_two_factor_code' }, 401)
          : jsonResponse(sessionUser({ fullName: 'Ana Rivera' })),
    });
    const { router } = renderApp('/admin/login');
    const user = await passwordStep();

    expectShown(await screen.findByText('Two-factor authentication'));
    expectShown(
      screen.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.'),
    );
    expect(router.state.location.pathname).toBe('/admin/login');
    await user.type(screen.getByLabelText(/Authentication code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(
      await screen.findByText('That code is not valid. Check your authenticator app and try again.'),
    );

    await user.clear(screen.getByLabelText(/Authentication code/));
    await user.type(screen.getByLabelText(/Authentication code/), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(await screen.findByText('Welcome back, Ana Rivera'));
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    expect(bodiesSentTo(fetchMock, 'POST', '/auth/login/two-factor')).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('goes back to the password when the code step has closed', async () => {
    setCookie('csrf_token', 'k2');
    mockSession(null, {
      'POST /auth/login': () => jsonResponse({ twoFactorRequired: true }),
      'POST /auth/login/two-factor': () =>
        jsonResponse({ error: 'Expired.', code: 'two_factor_challenge_expired' }, 401),
    });
    renderApp('/admin/login');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expectShown(
      await screen.findByText('This sign-in took too long or had too many tries. Please sign in again.'),
    );
    expectShown(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByLabelText(/Password/)).toHaveValue('');
  });

  it('says when the account has had too many codes this hour', async () => {
    setCookie('csrf_token', 'k4');
    mockSession(null, {
      'POST /auth/login': () => jsonResponse({ twoFactorRequired: true }),
      'POST /auth/login/two-factor': () =>
        jsonResponse({ error: 'Too many codes.', code: 'two_factor_too_many_codes' }, 429),
    });
    renderApp('/admin/login');
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/Authentication code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expectShown(
      await screen.findByText(
        'Too many codes were tried for this account. Please wait an hour and sign in again.',
      ),
    );
  });

  it('shows the code step in Spanish', async () => {
    setCookie('csrf_token', 'k3');
    await i18n.changeLanguage('es');
    mockSession(null, { 'POST /auth/login': () => jsonResponse({ twoFactorRequired: true }) });
    renderApp('/admin/login');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Correo/), 'ana@demoradio.org');
    await user.type(screen.getByLabelText(/Contraseña/), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expectShown(await screen.findByText('Verificación en dos pasos'));
    expectShown(screen.getByRole('button', { name: 'Verificar' }));
    await i18n.changeLanguage('en');
  });
});
