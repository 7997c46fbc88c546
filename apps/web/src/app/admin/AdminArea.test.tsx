// The admin area on a phone (decision 0043): a compact top bar with the navigation in a drawer;
// the pages an emergency and a new station need work, every other page says it needs a larger display
// (and is not in the phone's menu).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource, message, mockMessagesApi } from '../../test/messages-test-helpers';
import { phoneWidth } from '../../test/phone-width';
import { mockSession, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

async function expectPath(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('the admin area on a phone', () => {
  it('shows Messages as cards, with the navigation, account and Logout in a menu that closes on a choice', async () => {
    phoneWidth();
    installFakeEventSource();
    mockMessagesApi({ 'GET /admin/api/messages': () => Response.json([message()]) });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/messages');

    expectShown(await screen.findByRole('heading', { level: 1, name: 'Messages' }));
    // One card per message instead of the wide table.
    const card = await screen.findByRole('article', { name: 'Road closure' });
    expectShown(within(card).getByText('Main Street is closed until 5 PM.'));
    expectShown(within(card).getByRole('button', { name: 'Details' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText('Admin Mode Requires Larger Display')).not.toBeInTheDocument();

    // The top bar keeps the station and the language; the rest waits behind the menu button.
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Admin navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expectShown(screen.getByText('Demo Radio'));
    expectShown(screen.getByRole('button', { name: /^Language/ }));

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Admin navigation' });
    // Only the pages that work on a phone: none that would only say it needs a larger display.
    expectShown(within(nav).getByRole('link', { name: 'SMS Contacts' }));
    expectShown(within(nav).getByRole('link', { name: 'Settings' }));
    expect(within(nav).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expectShown(screen.getByRole('button', { name: 'Logout' }));
    expectShown(screen.getByText('ana@demoradio.org'));

    await user.click(within(nav).getByRole('link', { name: 'Machines' }));
    await expectPath(router, '/admin/machines');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'Machines' }));
  });

  it('shows the larger-display notice for Users, inside the layout, with links to the phone pages', async () => {
    phoneWidth();
    mockSession(sessionUser());
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/users');

    expectShown(await screen.findByRole('heading', { level: 1, name: 'Admin Mode Requires Larger Display' }));
    expectShown(screen.getByText(/minimum recommended width of 769px/));
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(main).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/admin/messages');
    expect(within(main).getByRole('link', { name: 'Machines' })).toHaveAttribute('href', '/admin/machines');
    // The page itself is not shown (nor loaded), but the frame is: the menu is there.
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expectShown(screen.getByRole('button', { name: 'Menu' }));

    await user.click(within(main).getByRole('link', { name: 'Dashboard' }));
    await expectPath(router, '/admin/dashboard');
    expectShown(await screen.findByText('Welcome back, Ana Rivera'));
    expect(screen.queryByText('Admin Mode Requires Larger Display')).not.toBeInTheDocument();
  });

  it('still sends an admin who must set up two-factor to the account page, which works on a phone', async () => {
    phoneWidth();
    mockSession(sessionUser({ twoFactorSetupRequired: true }));
    const { router } = renderApp('/admin/messages');
    await expectPath(router, '/admin/account');
    expectShown(await screen.findByRole('heading', { level: 1, name: 'My Account' }));
    expect(screen.queryByText('Admin Mode Requires Larger Display')).not.toBeInTheDocument();
  });
});

describe('the admin area on a larger screen', () => {
  it('keeps the sidebar, the account and Logout in view, with no menu button', async () => {
    mockSession(sessionUser());
    renderApp('/admin/users');
    expectShown(await screen.findByRole('navigation', { name: 'Admin navigation' }));
    expectShown(screen.getByRole('button', { name: 'Logout' }));
    expectShown(screen.getByText('ana@demoradio.org'));
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByText('Admin Mode Requires Larger Display')).not.toBeInTheDocument();
  });
});
