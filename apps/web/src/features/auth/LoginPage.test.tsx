import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callCount, callsTo } from '../../test/api-mock';
import { deleteCookie, setCookie } from '../../test/cookies';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../../test/render-app';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginPage', () => {
  it("shows 'Invalid email or password' from a 401 reply and stays on the page", async () => {
    setCookie('csrf_token', 't1');
    mockSession(null, {
      'POST /auth/login': () => jsonResponse({ error: 'Invalid email or password' }, 401),
    });
    const { router } = renderApp('/admin/login');

    await fillAndSubmit('ana@demoradio.org', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('signs in and goes to the dashboard, sending the credentials with the CSRF header', async () => {
    setCookie('csrf_token', 't2');
    const user = sessionUser({ fullName: 'Ana Rivera', stationName: 'Demo Radio' });
    const fetchMock = mockSession(null, { 'POST /auth/login': () => jsonResponse(user) });
    const { router } = renderApp('/admin/login');

    await fillAndSubmit('  ana@demoradio.org ', 'correct horse');

    expect(await screen.findByText('Welcome back, Ana Rivera')).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
    const [loginCall] = callsTo(fetchMock, 'POST', '/auth/login');
    expect(loginCall?.body).toEqual({
      email: 'ana@demoradio.org',
      password: 'correct horse',
      language: 'en',
    });
    expect(loginCall?.headers.get('X-CSRF-Token')).toBe('t2');
  });

  it('returns to the admin page the visitor was sent away from', async () => {
    setCookie('csrf_token', 't3');
    mockSession(null, { 'POST /auth/login': () => jsonResponse(sessionUser()) });
    const { router } = renderApp('/admin/messages');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    await fillAndSubmit('ana@demoradio.org', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages'));
  });

  it('fetches the session first when the CSRF cookie is missing', async () => {
    const fetchMock = mockSession(null, {
      // The session reply sets a fresh CSRF cookie, as the server does.
      'GET /auth/session': () => {
        setCookie('csrf_token', 'fresh');
        return jsonResponse({ error: 'Not signed in' }, 401);
      },
      'POST /auth/login': () => jsonResponse(sessionUser()),
    });
    const sessionCalls = () => callCount(fetchMock, 'GET', '/auth/session');
    deleteCookie('csrf_token');
    renderApp('/login');
    await screen.findByLabelText(/Email/);
    // The page load already called /auth/session; drop the cookie it set to force a refresh.
    deleteCookie('csrf_token');
    const callsBefore = sessionCalls();

    await fillAndSubmit('ana@demoradio.org', 'correct horse');

    await screen.findByText('Welcome back, Ana Rivera');
    expect(sessionCalls()).toBe(callsBefore + 1);
    const [loginCall] = callsTo(fetchMock, 'POST', '/auth/login');
    expect(loginCall?.headers.get('X-CSRF-Token')).toBe('fresh');
  });

  it('requires email and password before calling the server', async () => {
    const fetchMock = mockSession(null);
    renderApp('/admin/login');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Email is required')).toBeVisible();
    expect(screen.getByText('Password is required')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/auth/login')).toEqual([]);
  });

  it('shows the rate-limit text the server sends', async () => {
    setCookie('csrf_token', 't4');
    mockSession(null, {
      'POST /auth/login': () => jsonResponse({ error: 'Too many attempts. Try again in 15 minutes.' }, 429),
    });
    renderApp('/admin/login');
    await fillAndSubmit('ana@demoradio.org', 'x');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts');
  });

  it('redirects a signed-in user to the dashboard', async () => {
    mockSession(sessionUser());
    const { router } = renderApp('/admin/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('links to the password reset page and says who creates accounts', async () => {
    mockSession(null);
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText('Accounts are created by your station administrator.')).toBeVisible();
  });

  it('has exactly one element labelled Email and one labelled Password', async () => {
    mockSession(null);
    renderApp('/admin/login');
    expect(await screen.findAllByLabelText(/email/i)).toHaveLength(1);
    expect(screen.getAllByLabelText(/password/i)).toHaveLength(1);
  });
});
