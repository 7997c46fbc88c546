import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { networkError } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, invitation, mockUsersApi, signedInAdmin } from '../../test/users-test-helpers';

const LIST = 'GET /admin/api/users';
const CREATE = 'POST /admin/api/users';

async function openAddUser() {
  const user = userEvent.setup({ delay: null });
  await screen.findByText('Station Users (1)');
  await user.click(screen.getByRole('button', { name: 'Add User' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add New User' }));
  return { user, dialog };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByLabelText(/^Full Name/), 'Jane Smith');
  await user.type(dialog.getByLabelText(/^Email/), 'jane@demoradio.org');
  await user.type(dialog.getByLabelText(/^Phone Number/), '4155550111');
}

describe('Add New User', () => {
  it('needs every field, asks for no password, sends +1 phone, role user and API access, and says the invitation went', async () => {
    setCookie('csrf_token', 'a1');
    let invitations: ReturnType<typeof invitation>[] = [];
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([signedInAdmin()]),
      'GET /admin/api/invitations': () => jsonResponse(invitations),
      [CREATE]: () => {
        invitations = [invitation()];
        return jsonResponse(invitation(), 201);
      },
    });
    renderApp('/admin/users');
    const { user, dialog } = await openAddUser();
    const submit = dialog.getByRole('button', { name: 'Add User' });

    expect(dialog.queryByLabelText(/Initial Password/)).not.toBeInTheDocument();
    expectShown(dialog.getByText('We email them an invitation link.', { exact: false }));
    // The rest of the help waits behind Learn more.
    await user.click(dialog.getAllByRole('button', { name: 'Learn more' })[0] as HTMLElement);
    expectShown(dialog.getByText('The person chooses their own password when they accept it.'));
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('user');
    expect(dialog.getByRole('checkbox', { name: /API access \(desktop app\)/ })).toBeChecked();
    expect(submit).toBeDisabled();

    await user.type(dialog.getByLabelText(/^Full Name/), 'Jane Smith');
    await user.type(dialog.getByLabelText(/^Email/), 'jane@demoradio.org');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText(/^Phone Number/), '4155550111');
    expect(submit).toBeEnabled();

    await user.click(submit);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/users')).toEqual([
      {
        full_name: 'Jane Smith',
        email: 'jane@demoradio.org',
        phone_number: '+14155550111',
        role: 'user',
        api_access_enabled: true,
        language: 'en',
      },
    ]);
    expectShown(await screen.findByText('Invitation sent to jane@demoradio.org.'));
    // The pending list shows the new invitation; the users list is unchanged until it is accepted.
    expectShown(await screen.findByText('Pending invitations (1)'));
    expectShown(screen.getByText('Station Users (1)'));
  });

  it('warns about full access when Admin is chosen, and can add without API access', async () => {
    setCookie('csrf_token', 'a2');
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([signedInAdmin()]),
      [CREATE]: () => jsonResponse(invitation({ role: 'admin' }), 201),
    });
    renderApp('/admin/users');
    const { user, dialog } = await openAddUser();
    expect(dialog.queryByText(/Admins have full access/)).not.toBeInTheDocument();

    await user.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'admin');
    const note = dialog.getByRole('note');
    await user.click(within(note).getByRole('button', { name: 'Learn more' }));
    const warning = note.textContent ?? '';
    for (const power of ['send SMS', 'billing', 'users', 'API keys', 'settings']) {
      expect(warning).toContain(power);
    }

    await fillRequired(user, dialog);
    await user.click(dialog.getByRole('checkbox', { name: /API access \(desktop app\)/ }));
    await user.click(dialog.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/users')[0]).toMatchObject({
      role: 'admin',
      api_access_enabled: false,
    });
  });

  it("shows the server's refusal in the dialog, else 'Failed to create user' or 'Failed to add user'", async () => {
    setCookie('csrf_token', 'a3');
    let reply: () => Response | Promise<Response> = () =>
      jsonResponse({ error: 'A user with this email address already exists.', code: 'email_taken' }, 409);
    mockUsersApi({ [LIST]: () => jsonResponse([signedInAdmin()]), [CREATE]: () => reply() });
    renderApp('/admin/users');
    const { user, dialog } = await openAddUser();
    await fillRequired(user, dialog);
    const submit = dialog.getByRole('button', { name: 'Add User' });

    await user.click(submit);
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'A user with this email address already exists.',
    );

    reply = () =>
      jsonResponse(
        { error: 'An invitation for this email address is already pending.', code: 'invitation_pending' },
        409,
      );
    await user.click(submit);
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toBe(
        'An invitation for this email address is already pending.',
      ),
    );

    reply = () => new Response('', { status: 500 });
    await user.click(submit);
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Failed to create user'));

    reply = networkError;
    await user.click(submit);
    await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Failed to add user'));
    expect(screen.getByRole('dialog', { name: 'Add New User' })).toBeVisible();
  });
});
