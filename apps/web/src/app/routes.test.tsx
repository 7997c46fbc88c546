import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { draftKey } from '../lib/draft-keys';
import { callCount, mockApi } from '../test/api-mock';
import { setCookie } from '../test/cookies';
import { jsonResponse, mockSession, renderApp, sessionUser } from '../test/render-app';

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('admin guards', () => {
  it('shows Access Denied inside the admin layout to a signed-in user with role user', async () => {
    mockSession(sessionUser({ role: 'user' }));
    const { router } = renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect(screen.getByText('You need administrator privileges to access this page.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/users');
  });

  it('hides Users, Billing and Settings from the sidebar of role user', async () => {
    mockSession(sessionUser({ role: 'user' }));
    renderApp('/admin/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Admin navigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Messages',
      'Inbox',
      'Scheduled',
      'Templates',
      'Machines',
      'SMS Contacts',
      'Download',
      'Contact Support',
      'My Account',
    ]);
  });

  it('gives role admin the admin-only pages and the full sidebar', async () => {
    mockSession(sessionUser({ role: 'admin', isSuperadmin: true }));
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Messages',
      'Inbox',
      'Scheduled',
      'Templates',
      'Machines',
      'SMS Contacts',
      'Users',
      'Billing',
      'Settings',
      'Audit',
      'Webhooks',
      'Weather alerts',
      'Download',
      'Contact Support',
      'My Account',
      'Superadmin',
    ]);
  });

  it('shows station name, user name and email in the top bar', async () => {
    mockSession(sessionUser());
    renderApp('/admin/dashboard');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText('Demo Radio')).toBeVisible();
    expect(within(banner).getByText('Ana Rivera')).toBeVisible();
    expect(within(banner).getByText('ana@demoradio.org')).toBeVisible();
  });

  it('sends a signed-out visitor of a protected page to /admin/login', async () => {
    mockSession(null);
    const { router } = renderApp('/admin/messages');
    await expectPath(router, '/admin/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('sends a signed-out visitor of an admin-only page to /login', async () => {
    mockSession(null);
    const { router } = renderApp('/admin/billing');
    await expectPath(router, '/login');
  });

  it('shows Page Not Found inside the admin layout for an unknown /admin path, with the way back', async () => {
    mockSession(sessionUser());
    const { router } = renderApp('/admin/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
    expect(within(screen.getByRole('banner')).getByText('Demo Radio')).toBeVisible();
    // Not the public site's page: no Go Home to the landing page.
    expect(screen.queryByRole('link', { name: 'Go Home' })).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    await expectPath(router, '/admin/dashboard');
    expect(await screen.findByText('Welcome back, Ana Rivera')).toBeVisible();
  });

  it('sends a signed-out visitor of an unknown /admin path to /admin/login', async () => {
    mockSession(null);
    const { router } = renderApp('/admin/no-such-page');
    await expectPath(router, '/admin/login');
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('redirects a non-superadmin away from /admin/superadmin', async () => {
    mockSession(sessionUser({ isSuperadmin: false }));
    const { router } = renderApp('/admin/superadmin');
    await expectPath(router, '/admin/dashboard');
  });

  it('lets a superadmin open /admin/superadmin', async () => {
    mockSession(sessionUser({ isSuperadmin: true }));
    renderApp('/admin/superadmin');
    expect(await screen.findByRole('heading', { name: 'Superadmin Dashboard' })).toBeVisible();
  });

  it('shows a loading state while the session loads', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /auth/session': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('status')).toBeVisible();
    answer(jsonResponse(sessionUser()));
    expect(await screen.findByText('Welcome back, Ana Rivera')).toBeVisible();
  });

  it('logs out: calls the server, forgets the user and goes to the public site', async () => {
    setCookie('csrf_token', 't9');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = mockSession(sessionUser(), {
      'POST /auth/logout': () => jsonResponse({ error: 'Server down' }, 500),
    });
    const { router, queryClient } = renderApp('/admin/dashboard');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Logout' }));

    await expectPath(router, '/');
    expect(callCount(fetchMock, 'POST', '/auth/logout')).toBe(1);
    expect(queryClient.getQueryData(['auth', 'session'])).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it("forgets the user's form drafts in this browser on logout, and no one else's (decision 0076)", async () => {
    setCookie('csrf_token', 't9');
    const ana = sessionUser();
    const ben = sessionUser({ id: 'user-2' });
    localStorage.setItem(draftKey(ana, 'message:new'), '{"values":{"title":"Ana"}}');
    localStorage.setItem(draftKey(ben, 'message:new'), '{"values":{"title":"Ben"}}');
    mockSession(ana, { 'POST /auth/logout': () => jsonResponse({ ok: true }) });
    const { router } = renderApp('/admin/dashboard');
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Logout' }));

    await expectPath(router, '/');
    await waitFor(() => expect(localStorage.getItem(draftKey(ana, 'message:new'))).toBeNull());
    expect(localStorage.getItem(draftKey(ben, 'message:new'))).not.toBeNull();
  });
});

describe('routes', () => {
  it('redirects /admin to /admin/dashboard', async () => {
    mockSession(sessionUser());
    const { router } = renderApp('/admin');
    await expectPath(router, '/admin/dashboard');
  });

  it.each([
    ['/dashboard', '/admin/dashboard'],
    ['/messages', '/admin/messages'],
    ['/sms-contacts', '/admin/sms-contacts'],
    ['/users', '/admin/users'],
    ['/billing', '/admin/billing'],
    ['/settings', '/admin/settings'],
  ])('redirects the alias %s to %s', async (alias, target) => {
    mockSession(sessionUser());
    const { router } = renderApp(alias);
    await expectPath(router, target);
  });

  it('shows Page Not Found with Go Home and Contact Support for an unknown path', async () => {
    mockSession(null);
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/contact');
  });

  it.each([
    ['/platform-overview', 'Platform Overview'],
    ['/press-release', /^Message Station launches/],
    ['/signup', 'Create Your Station'],
    ['/contact', 'Contact Us'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/docs', 'Documentation'],
    ['/docs/sms', 'SMS 10DLC Compliance Documentation'],
    ['/docs/setup', 'Station Setup Guide'],
    ['/docs/desktop', 'Desktop App'],
    ['/docs/api', 'API reference'],
    ['/forgot-password', 'Forgot Password'],
    ['/reset-password?token=abc', 'Reset Password'],
    // No station info in this mock: the subscriber pages say the station was not found.
    ['/join/demoradio', 'Station Not Found'],
    ['/unsubscribe/demoradio', 'Station Not Found'],
  ] as [string, string | RegExp][])('renders %s with its title', async (path, title) => {
    mockSession(null);
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
