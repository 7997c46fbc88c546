import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { bodiesSentTo, mockUsersApi, rowOf, signedInAdmin, stationUser } from '../../test/users-test-helpers';

const LIST = 'GET /admin/api/users';
const KEY = '/admin/api/users/user-2/api-key';
const FULL_KEY = 'ms-0e4f9c1ab27d83e5f60a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6';

const withKey = stationUser({
  api_key: 'ms-3fa9c02b…',
  api_key_created_at: '2026-02-01T15:30:00.000Z',
  api_key_last_used_at: null,
});
const regenerated = stationUser({
  api_key: 'ms-0e4f9c1a…',
  api_key_created_at: '2026-04-20T12:00:00.000Z',
});

async function openApiKey() {
  const user = userEvent.setup({ delay: null });
  await screen.findByText('Maria Lopez');
  await user.click(rowOf('Maria Lopez').getByRole('button', { name: 'View API Key' }));
  const dialog = within(await screen.findByRole('dialog', { name: /^API Key/ }));
  return { user, dialog };
}

describe('API Key dialog', () => {
  it('regenerates after a warning, shows the full key once, and Copy & Close copies it', async () => {
    setCookie('csrf_token', 'k1');
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([signedInAdmin(), withKey]),
      [`POST ${KEY}`]: () => jsonResponse({ api_key: FULL_KEY, user: regenerated }),
    });
    renderApp('/admin/users');
    const { user, dialog } = await openApiKey();

    expect(dialog.getByLabelText('Station ID')).toHaveValue('demoradio');
    expect(dialog.getByText('ms-3fa9c02b…')).toBeVisible();
    expect(dialog.getByText(/Never used/)).toBeVisible();
    expect(dialog.getByText(/shown only once, when it was created/)).toBeVisible();

    await user.click(dialog.getByRole('button', { name: 'Regenerate' }));
    const confirm = within(dialog.getByRole('alertdialog'));
    expect(confirm.getByText(/old key stops working at once/)).toBeVisible();
    expect(confirm.getByText(/desktop apps signed in with it are disconnected/)).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'POST', KEY)).toHaveLength(0);
    await user.click(confirm.getByRole('button', { name: 'Regenerate Key' }));

    const field = (await dialog.findByLabelText('New API key')) as HTMLInputElement;
    expect(field).toHaveValue(FULL_KEY);
    expect(dialog.getByText(/it will not be shown again/)).toBeVisible();
    expect(dialog.getByLabelText('Station ID')).toHaveValue('demoradio');

    await user.click(dialog.getByRole('button', { name: 'Copy & Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await navigator.clipboard.readText()).toBe(FULL_KEY);
    expect(bodiesSentTo(fetchMock, 'POST', KEY)).toHaveLength(1);

    // Opened again: only the new key's visible start, never the full key.
    await user.click(rowOf('Maria Lopez').getByRole('button', { name: 'View API Key' }));
    const again = within(await screen.findByRole('dialog', { name: /^API Key/ }));
    expect(again.getByText('ms-0e4f9c1a…')).toBeVisible();
    expect(again.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
    expect(screen.queryByText(FULL_KEY)).not.toBeInTheDocument();
  });

  it('generates a first key and Close forgets it', async () => {
    setCookie('csrf_token', 'k2');
    mockUsersApi({
      [LIST]: () => jsonResponse([signedInAdmin(), stationUser()]),
      [`POST ${KEY}`]: () => jsonResponse({ api_key: FULL_KEY, user: regenerated }),
    });
    renderApp('/admin/users');
    const { user, dialog } = await openApiKey();
    expect(dialog.getByText('This user has no API key yet.')).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Generate API Key' }));
    expect(await dialog.findByLabelText('New API key')).toHaveValue(FULL_KEY);
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(rowOf('Maria Lopez').getByRole('button', { name: 'View API Key' }));
    const again = within(await screen.findByRole('dialog', { name: /^API Key/ }));
    expect(again.getByText('ms-0e4f9c1a…')).toBeVisible();
    expect(again.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
  });

  it('revokes after confirmation, and shows why a key cannot be generated', async () => {
    setCookie('csrf_token', 'k3');
    const fetchMock = mockUsersApi({
      [LIST]: () => jsonResponse([signedInAdmin(), withKey]),
      [`DELETE ${KEY}`]: () => jsonResponse(stationUser()),
      [`POST ${KEY}`]: () =>
        jsonResponse({ error: 'API access needs an active subscription or free trial.' }, 409),
    });
    renderApp('/admin/users');
    const { user, dialog } = await openApiKey();

    await user.click(dialog.getByRole('button', { name: 'Revoke' }));
    const confirm = within(dialog.getByRole('alertdialog'));
    expect(confirm.getByText(/stops working at once/)).toBeVisible();
    await user.click(confirm.getByRole('button', { name: 'Revoke Key' }));
    expect(await dialog.findByText('This user has no API key yet.')).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'DELETE', KEY)).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: 'Generate API Key' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'API access needs an active subscription or free trial.',
    );
    expect(dialog.queryByLabelText('New API key')).not.toBeInTheDocument();
  });
});
