import { formatLastLogin } from '@message-station/shared';
import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { bodiesSentTo, mockUsersApi, rowOf, signedInAdmin, stationUser } from '../../test/users-test-helpers';
import { useLastLoginText } from './last-login';

const LIST = 'GET /admin/api/users';
const HOUR = 3_600_000;

const ana = signedInAdmin();
const maria = stationUser({ last_login_at: new Date(Date.now() - 3 * HOUR).toISOString() });
const noName = stationUser({
  id: 'user-3',
  full_name: '',
  email: 'j.doe@demoradio.org',
  phone_number: null,
  api_access_enabled: false,
  api_access_reason: 'API access needs an active subscription or free trial.',
  api_access_reason_code: 'api_access_needs_plan',
});

describe('UsersPage', () => {
  it('lists the users with the You badge, phone, role, API key access and last login', async () => {
    mockUsersApi({ [LIST]: () => jsonResponse([ana, maria, noName]) });
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { level: 2, name: 'Station Users (3)' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Role',
      'API Key',
      'Last Login',
      'Actions',
    ]);

    const first = rowOf('Ana Rivera');
    expect(first.getByText('You')).toBeVisible();
    expect(first.getByText('(555) 123-4567')).toBeVisible();
    expect(first.getByText('Admin')).toBeVisible();
    expect(first.getByText('5 minutes ago')).toBeVisible();

    const second = rowOf('Maria Lopez');
    expect(second.queryByText('You')).not.toBeInTheDocument();
    expect(second.getByText('maria@demoradio.org')).toBeVisible();
    expect(second.getByText('(415) 555-0134')).toBeVisible();
    expect(second.getByText('User')).toBeVisible();
    expect(second.getByRole('button', { name: 'View API Key' })).toBeVisible();
    expect(second.getByText('3 hours ago')).toBeVisible();

    // No name: the part of the email before @.
    const third = rowOf('j.doe');
    expect(third.getByText('No Access')).toBeVisible();
    expect(third.queryByRole('button', { name: 'View API Key' })).not.toBeInTheDocument();
    expect(third.getByText('Never')).toBeVisible();
  });

  it('explains No Access with the reason in a tooltip', async () => {
    mockUsersApi({ [LIST]: () => jsonResponse([ana, noName]) });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('j.doe');
    expect(
      screen.queryByText('API access needs an active subscription or free trial.'),
    ).not.toBeInTheDocument();
    await user.hover(rowOf('j.doe').getByText('No Access'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'API access needs an active subscription or free trial.',
    );
  });

  it('gives the reason in Spanish from its code', async () => {
    await i18n.changeLanguage('es');
    mockUsersApi({ [LIST]: () => jsonResponse([ana, noName]) });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('j.doe');
    await user.hover(rowOf('j.doe').getByText('Sin acceso'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'El acceso a la API requiere una suscripción activa o una prueba gratuita.',
    );
  });

  it('offers Edit only for standard users, and no delete button for an admin', async () => {
    const fetchMock = mockUsersApi({ [LIST]: () => jsonResponse([ana, maria]) });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');

    expect(rowOf('Ana Rivera').queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(rowOf('Maria Lopez').getByRole('button', { name: 'Edit' })).toBeVisible();
    for (const name of ['Ana Rivera', 'Maria Lopez']) {
      expect(rowOf(name).getByRole('button', { name: 'Reset Password' })).toBeVisible();
      expect(rowOf(name).getByRole('button', { name: `More actions for ${name}` })).toBeVisible();
    }

    await user.click(rowOf('Ana Rivera').getByRole('button', { name: 'More actions for Ana Rivera' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete User Account' }));
    expect(dialog.getByText(/Admin accounts cannot be deleted through the interface/)).toBeVisible();
    expect(dialog.getByText(/contact support/)).toBeVisible();
    expect(dialog.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, 'DELETE', '/admin/api/users/user-1')).toHaveLength(0);
  });

  it('deletes a standard user after confirmation, and shows a refusal in the dialog', async () => {
    setCookie('csrf_token', 'u1');
    let reply: () => Response = () => jsonResponse({ error: 'Something went wrong on our side.' }, 500);
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([ana, maria]),
      'DELETE /admin/api/users/user-2': () => reply(),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');

    await user.click(rowOf('Maria Lopez').getByRole('button', { name: 'More actions for Maria Lopez' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete User Account' }));
    expect(dialog.getByText(/This action cannot be undone\./)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Something went wrong on our side.');

    reply = () => new Response('', { status: 502 });
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Failed to delete user'));

    reply = () => jsonResponse({ ok: true });
    await user.click(dialog.getByRole('button', { name: 'Delete User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Maria Lopez')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Station Users (1)' })).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'DELETE', '/admin/api/users/user-2')).toHaveLength(3);
  });

  it('shows the loading text, then the empty text', async () => {
    let answer: (response: Response) => void = () => {};
    mockUsersApi({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderApp('/admin/users');
    expect(await screen.findByText('Loading users...')).toBeVisible();
    answer(jsonResponse([]));
    expect(await screen.findByText('No users found. Invite team members to get started.')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Station Users (0)' })).toBeVisible();
  });

  it('shows an empty list when the users cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockUsersApi({ [LIST]: () => jsonResponse({ error: 'Server down' }, 500) });
    renderApp('/admin/users');
    expect(await screen.findByText('No users found. Invite team members to get started.')).toBeVisible();
    expect(error).toHaveBeenCalledWith('Failed to load users', expect.anything());
  });

  it('sends the reset email with the admin placeholder token and says it was sent', async () => {
    setCookie('csrf_token', 'u2');
    let reply: () => Response = () => jsonResponse({ error: 'Too many reset requests.' }, 429);
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([ana, maria]),
      'POST /auth/password-reset/request': () => reply(),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');

    await user.click(rowOf('Maria Lopez').getByRole('button', { name: 'Reset Password' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reset Password' }));
    expect(dialog.getByText('Send a password reset email to maria@demoradio.org?')).toBeVisible();
    expect(dialog.getByText(/verify their identity with a code sent by SMS/)).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Send Reset Email' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Too many reset requests.');

    reply = () => new Response('', { status: 500 });
    await user.click(dialog.getByRole('button', { name: 'Send Reset Email' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe('Failed to send password reset email'),
    );

    reply = () => jsonResponse({ message: 'If an account exists…' });
    await user.click(dialog.getByRole('button', { name: 'Send Reset Email' }));
    expect(await dialog.findByText('Password reset email sent successfully!')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/auth/password-reset/request').at(-1)).toEqual({
      email: 'maria@demoradio.org',
      turnstileToken: 'admin-users-page',
    });
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('edits a standard user: name and email required, API access sent', async () => {
    setCookie('csrf_token', 'u3');
    let reply: () => Response = () =>
      jsonResponse({ error: 'A user with this email address already exists.' }, 409);
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([ana, maria]),
      'PUT /admin/api/users/user-2': () => reply(),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Maria Lopez');

    await user.click(rowOf('Maria Lopez').getByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    const name = dialog.getByLabelText(/^Full Name/);
    expect(name).toHaveValue('Maria Lopez');
    await user.clear(name);
    expect(save).toBeDisabled();
    await user.type(name, 'María López');
    expect(save).toBeEnabled();
    await user.click(dialog.getByRole('checkbox', { name: /API access \(desktop app\)/ }));

    await user.click(save);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'A user with this email address already exists.',
    );
    reply = () => jsonResponse({}, 500);
    await user.click(save);
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Failed to update user'));

    reply = () =>
      jsonResponse({
        ...maria,
        full_name: 'María López',
        api_access_enabled: false,
        api_access_reason: 'Off',
      });
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, 'PUT', '/admin/api/users/user-2').at(-1)).toEqual({
      full_name: 'María López',
      email: 'maria@demoradio.org',
      api_access_enabled: false,
    });
    expect(rowOf('María López').getByText('No Access')).toBeVisible();
  });

  it('words the last login in Spanish', async () => {
    mockUsersApi({ [LIST]: () => jsonResponse([ana, maria]) });
    await i18n.changeLanguage('es');
    renderApp('/admin/users');
    expect(await screen.findByText('hace 5 minutos')).toBeVisible();
    expect(screen.getByText('hace 3 horas')).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Usuarios de la estación (2)' })).toBeVisible();
  });
});

describe('last login wording', () => {
  it('matches the shared English helper at every step', () => {
    const now = new Date('2026-04-20T12:00:00.000Z');
    const minutesAgo = [
      null,
      0,
      1,
      59,
      60,
      61,
      23 * 60 + 59,
      24 * 60,
      47 * 60,
      48 * 60,
      29 * 1440,
      30 * 1440,
    ];
    const { result } = renderHook(() => useLastLoginText());
    for (const minutes of minutesAgo) {
      const value = minutes === null ? null : new Date(now.getTime() - minutes * 60_000).toISOString();
      expect(result.current(value, now.getTime())).toBe(formatLastLogin(value, now));
    }
  });

  it('says "just now" under a minute, never "0 minutes ago", in both languages', async () => {
    const now = Date.parse('2026-04-20T12:00:00.000Z');
    const secondsAgo = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    const english = renderHook(() => useLastLoginText());
    expect(english.result.current(secondsAgo(20), now)).toBe('Just now');
    expect(english.result.current(secondsAgo(60), now)).toBe('1 minute ago');
    await i18n.changeLanguage('es');
    const spanish = renderHook(() => useLastLoginText());
    expect(spanish.result.current(secondsAgo(0), now)).toBe('Justo ahora');
    expect(spanish.result.current(secondsAgo(59), now)).toBe('Justo ahora');
  });
});
