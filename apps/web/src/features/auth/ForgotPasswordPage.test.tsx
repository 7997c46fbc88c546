import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { botCheckHandlers, passBotCheck } from '../../components/bot-check-test-helpers';
import { bodiesSentTo, callCount, mockApi, type TApiHandler } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';

vi.mock('altcha/external', () => ({}));

const SENT = "If an account exists with that email, we've sent password reset instructions.";

function mockResetApi(request: TApiHandler = () => jsonResponse({ message: SENT })) {
  setCookie('csrf_token', 'f1');
  return mockApi({
    'GET /auth/session': () => jsonResponse({ error: 'Not signed in' }, 401),
    ...botCheckHandlers,
    'POST /auth/password-reset/request': request,
  });
}

async function openPage() {
  renderApp('/forgot-password');
  await screen.findByRole('heading', { name: 'Forgot Password' });
  return userEvent.setup({ delay: null });
}

const emailField = () => screen.getByLabelText(/^Email/, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement;

describe('ForgotPasswordPage', () => {
  it('sends the email with the bot-check payload, then confirms with the 1-hour expiry and a way back to login', async () => {
    const fetchMock = mockResetApi();
    const user = await openPage();
    await user.type(emailField(), ' ana@demoradio.org ');
    expect(submitButton().disabled).toBe(true);

    await passBotCheck('payload-7');
    await user.click(submitButton());

    expect(await screen.findByText(SENT)).toBeVisible();
    expect(screen.getByText(/The link expires in 1 hour\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(bodiesSentTo(fetchMock, 'POST', '/auth/password-reset/request')).toEqual([
      { email: 'ana@demoradio.org', turnstileToken: 'payload-7', language: 'en' },
    ]);
  });

  it('requires the email', async () => {
    const fetchMock = mockResetApi();
    const user = await openPage();
    await passBotCheck();

    await user.click(submitButton());

    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(callCount(fetchMock, 'POST', '/auth/password-reset/request')).toBe(0);
  });

  it("shows the server's text, and asks for the bot check again", async () => {
    mockResetApi(() => jsonResponse({ error: 'Too many requests. Please try again later.' }, 429));
    const user = await openPage();
    await user.type(emailField(), 'ana@demoradio.org');
    await passBotCheck();

    await user.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect(submitButton().disabled).toBe(true);
  });

  it("falls back to 'Failed to request password reset'", async () => {
    mockResetApi(() => new Response('', { status: 500 }));
    const user = await openPage();
    await user.type(emailField(), 'ana@demoradio.org');
    await passBotCheck();

    await user.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to request password reset');
  });
});
