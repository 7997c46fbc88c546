import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo, callCount, mockApi, type TApiHandler } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';

type THandlers = { verify?: TApiHandler; complete?: TApiHandler };

function mockResetApi({
  verify = () => jsonResponse({ phone_last4: '0134', test_code: '482913' }),
  complete = () => jsonResponse({ message: 'Password reset successfully' }),
}: THandlers = {}) {
  setCookie('csrf_token', 'r1');
  return mockApi({
    'GET /auth/session': () => jsonResponse({ error: 'Not signed in' }, 401),
    'POST /auth/password-reset/verify': verify,
    'POST /auth/password-reset/complete': complete,
  });
}

async function openResetForm(path = '/reset-password?token=tok-123') {
  renderApp(path);
  await screen.findByLabelText(/^Verification Code/);
  return userEvent.setup({ delay: null });
}

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Reset Password' });

async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  code: string,
  password: string,
  confirm: string,
) {
  if (code) await user.type(field(/^Verification Code/), code);
  if (password) await user.type(field(/^New Password/), password);
  if (confirm) await user.type(field(/^Confirm Password/), confirm);
}

describe('ResetPasswordPage', () => {
  it("says 'Invalid or missing reset token' without a token, and verifies nothing", async () => {
    const fetchMock = mockResetApi();
    renderApp('/reset-password');

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or missing reset token');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(callCount(fetchMock, 'POST', '/auth/password-reset/verify')).toBe(0);
  });

  it('verifies the token once on load, then shows where the code went and the test code', async () => {
    const fetchMock = mockResetApi();
    await openResetForm();

    expect(screen.getByText(/texted a verification code to the phone number ending in 0134/)).toBeVisible();
    expect(screen.getByText('Test mode: your code is 482913')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/auth/password-reset/verify')).toEqual([{ token: 'tok-123' }]);
  });

  it('hides the test-mode line when the server sends no code', async () => {
    mockResetApi({ verify: () => jsonResponse({ phone_last4: '0134' }) });
    await openResetForm();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });

  it("shows the server's reason when the token is refused", async () => {
    mockResetApi({ verify: () => jsonResponse({ error: 'Invalid or expired token' }, 400) });
    renderApp('/reset-password?token=old');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired token');
    expect(screen.queryByLabelText(/^Verification Code/)).not.toBeInTheDocument();
  });

  it("says 'Failed to verify token' when the check itself fails", async () => {
    mockResetApi({ verify: () => new Response('', { status: 500 }) });
    renderApp('/reset-password?token=tok-123');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to verify token');
  });

  it('keeps the code to six digits and checks code, length and confirmation before sending', async () => {
    const fetchMock = mockResetApi();
    const user = await openResetForm();

    await user.type(field(/^Verification Code/), '12a-3');
    expect(field(/^Verification Code/)).toHaveValue('123');
    await user.type(field(/^Verification Code/), '45678');
    expect(field(/^Verification Code/)).toHaveValue('123456');

    await user.clear(field(/^Verification Code/));
    await fillForm(user, '123', 'short', 'different');
    await user.click(submit());

    expect(await screen.findByText('Please enter the 6-digit verification code')).toBeVisible();
    expect(screen.getByText('Password must be at least 8 characters')).toBeVisible();
    expect(screen.getByText('Passwords do not match')).toBeVisible();
    expect(callCount(fetchMock, 'POST', '/auth/password-reset/complete')).toBe(0);
  });

  it('sets the new password with the code, then shows success with the way to login', async () => {
    const fetchMock = mockResetApi();
    const user = await openResetForm();

    await fillForm(user, '482913', 'new-secret-1', 'new-secret-1');
    await user.click(submit());

    expect(await screen.findByText(/Your password has been reset/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(bodiesSentTo(fetchMock, 'POST', '/auth/password-reset/complete')).toEqual([
      { token: 'tok-123', verificationCode: '482913', newPassword: 'new-secret-1' },
    ]);
  });

  it("shows the server's text when the reset is refused, and 'Failed to reset password' otherwise", async () => {
    let reply = jsonResponse({ error: 'Invalid verification code' }, 400);
    mockResetApi({ complete: () => reply });
    const user = await openResetForm();
    await fillForm(user, '000000', 'new-secret-1', 'new-secret-1');

    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid verification code');

    reply = new Response('', { status: 500 });
    await user.click(submit());
    expect(await screen.findByText('Failed to reset password')).toBeVisible();
  });
});
