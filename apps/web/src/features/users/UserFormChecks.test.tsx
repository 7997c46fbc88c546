// Add User and Edit User check name and email with the shared schema the server uses (decision
// 0068): a refusal shows under its field in the interface language, and nothing is sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { codeText } from '../../api/error-words';
import i18n from '../../i18n';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { bodiesSentTo, mockUsersApi, rowOf, signedInAdmin, stationUser } from '../../test/users-test-helpers';

const maria = stationUser();

const word = (key: string) => (i18n.t as unknown as (key: string) => string)(key);

async function openEdit() {
  setCookie('csrf_token', 'u3');
  const fetchMock = mockUsersApi({
    'GET /admin/api/users': () => jsonResponse([signedInAdmin(), maria]),
    'PUT /admin/api/users/user-2': () => jsonResponse(maria),
  });
  renderApp('/admin/users');
  const user = userEvent.setup({ delay: null });
  await screen.findByText('Maria Lopez');
  await user.click(rowOf('Maria Lopez').getByRole('button', { name: word('users:actions.edit') }));
  const dialog = within(await screen.findByRole('dialog', { name: word('users:edit.title') }));
  return { user, dialog, fetchMock };
}

describe('Add User', () => {
  it('refuses an email the server would refuse, beside the phone check, and sends nothing', async () => {
    setCookie('csrf_token', 'a1');
    const fetchMock = mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      'GET /admin/api/invitations': () => jsonResponse([]),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Station Users (1)');
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New User' }));
    await user.type(dialog.getByLabelText(/^Full Name/), 'Jane Smith');
    await user.type(dialog.getByLabelText(/^Email/), 'jane-at-demoradio');
    await user.type(dialog.getByLabelText(/^Phone Number/), '+33 7 81 23 45 67');
    await user.click(dialog.getByRole('button', { name: 'Add User' }));

    expect(await dialog.findByText('Please enter a valid email.')).toBeVisible();
    expect(await dialog.findByText('Only US phone numbers (+1) can be used.')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/users')).toEqual([]);
  });
});

describe('Edit User', () => {
  it('refuses an email the server would refuse, under the field, and sends nothing', async () => {
    const { user, dialog, fetchMock } = await openEdit();
    const email = dialog.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'maria-at-demoradio');
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText('Please enter a valid email.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(bodiesSentTo(fetchMock, 'PUT', '/admin/api/users/user-2')).toEqual([]);

    // Typing again clears the refusal; a valid address is sent.
    await user.clear(email);
    await user.type(email, 'maria@demoradio.org');
    expect(dialog.queryByText('Please enter a valid email.')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodiesSentTo(fetchMock, 'PUT', '/admin/api/users/user-2')).toHaveLength(1));
  });

  it('words the refusal as a server refusal is worded: in Spanish for a Spanish interface', async () => {
    await i18n.changeLanguage('es');
    try {
      const { user, dialog } = await openEdit();
      const email = dialog.getByLabelText(new RegExp(`^${word('users:form.email')}`));
      await user.clear(email);
      await user.type(email, 'maria-at-demoradio');
      await user.click(dialog.getByRole('button', { name: word('users:edit.submit') }));
      const shown = codeText('email_invalid', { field: 'email' });
      // The field's name in Spanish too, not the schema's English label.
      expect(shown).toBe('Introduzca un valor válido en «correo electrónico».');
      expect(await dialog.findByText(shown ?? '')).toBeVisible();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
