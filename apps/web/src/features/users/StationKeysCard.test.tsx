import { errorText, type TStationKey } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { callCount } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, mockUsersApi, signedInAdmin } from '../../test/users-test-helpers';

const KEYS = '/admin/api/station-keys';
const FULL_KEY = `mssk-9c1ab27d${'0123456789abcdef'.repeat(3)}83e5f60a1b2c3d4e`;
const MINUTE = 60_000;

function stationKey(overrides: Partial<TStationKey> = {}): TStationKey {
  return {
    id: 'key-1',
    name: 'School information system',
    key_prefix: 'mssk-3fa9c02b',
    scopes: ['messages:read', 'messages:write', 'sms:send'],
    rate_limit_per_minute: 120,
    created_at: '2026-11-02T15:30:00.000Z',
    created_by: { id: 'user-1', name: 'Ana Rivera' },
    last_used_at: new Date(Date.now() - 5 * MINUTE).toISOString(),
    ...overrides,
  };
}

function keysCard() {
  const heading = screen.getByRole('heading', {
    name: /^API keys for integrations|^Claves API para integraciones/,
  });
  return within(heading.closest('section') as HTMLElement);
}

function keyRow(name: string) {
  const row = keysCard().getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row as HTMLElement);
}

describe('API keys for integrations (Users page)', () => {
  it('lists each key with its prefix, scopes as badges, rate limit, last use and creation, and says what the keys are for', async () => {
    mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      [`GET ${KEYS}`]: () =>
        jsonResponse([
          stationKey(),
          stationKey({
            id: 'key-2',
            name: 'Zapier',
            scopes: ['contacts:write'],
            rate_limit_per_minute: 60,
            last_used_at: null,
          }),
        ]),
    });
    renderApp('/admin/users');
    expectShown(await screen.findByText('School information system'));
    const card = keysCard();
    expectShown(card.getByText(/The desktop app does not use these keys/));
    expect(card.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/docs/api');
    for (const column of ['Name', 'Key', 'Scopes', 'Rate limit', 'Last used', 'Created']) {
      expect(card.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    const sis = keyRow('School information system');
    expectShown(sis.getByText('mssk-3fa9c02b…'));
    for (const scope of ['messages:read', 'messages:write', 'sms:send']) expectShown(sis.getByText(scope));
    expectShown(sis.getByText('120/min'));
    expectShown(sis.getByText('5 minutes ago'));
    expectShown(sis.getByText('Nov 2, 2026'));
    expectShown(sis.getByText('by Ana Rivera'));
    const zapier = keyRow('Zapier');
    expectShown(zapier.getByText('contacts:write'));
    expectShown(zapier.getByText('Never'));
  });

  it('checks the form, creates a key with the chosen scopes, and shows the whole key once', async () => {
    setCookie('csrf_token', 's1');
    const created = stationKey({
      id: 'key-9',
      name: 'Bell schedule',
      scopes: ['messages:write', 'reports:read'],
      rate_limit_per_minute: 30,
      key_prefix: FULL_KEY.slice(0, 13),
      last_used_at: null,
    });
    const fetchMock = mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      [`POST ${KEYS}`]: () => jsonResponse({ key: FULL_KEY, station_key: created }, 201),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    expectShown(await screen.findByText('No API keys yet. Create one to connect an integration.'));
    await user.click(keysCard().getByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    // Each scope says what it allows.
    expectShown(dialog.getByText('Send messages by SMS (uses credits)'));

    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expectShown(dialog.getByText('Name is required.'));
    expectShown(dialog.getByText('Choose at least one scope.'));
    const rate = dialog.getByRole('textbox', { name: /Rate limit/ });
    await user.clear(rate);
    await user.type(rate, '5000');
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Bell schedule');
    await user.click(dialog.getByRole('checkbox', { name: /reports:read/ }));
    await user.click(dialog.getByRole('checkbox', { name: /messages:write/ }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    // The server's refusal, by its code, before any call (decision 0068).
    expectShown(dialog.getByText(errorText('station_key_rate_limit_invalid', { min: 1, max: 1000 })));
    expectShown(dialog.getByText('Rate limit must be a whole number from 1 to 1,000.'));
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    await user.clear(rate);
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expectShown(dialog.getByText('Rate limit must be a whole number from 1 to 1,000.'));
    expect(callCount(fetchMock, 'POST', KEYS)).toBe(0);

    await user.clear(rate);
    await user.type(rate, '30');
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Your new API key' }));
    expect(shown.getByLabelText('API key')).toHaveValue(FULL_KEY);
    expectShown(shown.getByText(/It will not be shown again/));
    expectShown(shown.getByRole('button', { name: 'Copy key' }));
    expect(bodiesSentTo(fetchMock, 'POST', KEYS)).toEqual([
      // In the catalogue's order, whatever order they were ticked in.
      { name: 'Bell schedule', scopes: ['messages:write', 'reports:read'], rate_limit_per_minute: 30 },
    ]);

    await user.click(shown.getByRole('button', { name: 'I have copied the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list keeps the visible start only; the whole key is gone from the page.
    expectShown(keyRow('Bell schedule').getByText(`${FULL_KEY.slice(0, 13)}…`));
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
    expect(screen.queryByText(FULL_KEY)).not.toBeInTheDocument();
  });

  it('refuses what the server refuses in Spanish, by the same codes', async () => {
    const fetchMock = mockUsersApi({ 'GET /admin/api/users': () => jsonResponse([signedInAdmin()]) });
    await i18n.changeLanguage('es');
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Crear clave API' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Crear clave API' }));
    await user.type(dialog.getByRole('textbox', { name: /^Nombre/ }), '   ');
    const rate = dialog.getByRole('textbox', { name: /^Límite/ });
    await user.clear(rate);
    await user.type(rate, '0');
    await user.click(dialog.getByRole('button', { name: 'Crear clave' }));
    expectShown(dialog.getByText('El nombre es obligatorio.'));
    expectShown(dialog.getByText('Elija al menos un permiso.'));
    expectShown(dialog.getByText('El límite debe ser un número entero de 1 a 1000.'));
    expect(callCount(fetchMock, 'POST', KEYS)).toBe(0);
  });

  it('shows the server’s refusal in the form and keeps what was typed', async () => {
    setCookie('csrf_token', 's2');
    mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      [`POST ${KEYS}`]: () =>
        jsonResponse(
          { error: 'You need administrator privileges to access this page.', code: 'admin_required' },
          403,
        ),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create API key' }));
    await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Reports');
    await user.click(dialog.getByRole('checkbox', { name: /reports:read/ }));
    await user.click(dialog.getByRole('button', { name: 'Create key' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'You need administrator privileges to access this page.',
    );
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Reports');
  });

  it('revokes a key only after confirmation', async () => {
    setCookie('csrf_token', 's3');
    const fetchMock = mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin()]),
      [`GET ${KEYS}`]: () => jsonResponse([stationKey()]),
      [`DELETE ${KEYS}/key-1`]: () => jsonResponse({ ok: true }),
    });
    renderApp('/admin/users');
    const user = userEvent.setup({ delay: null });
    await screen.findByText('School information system');
    await user.click(
      keyRow('School information system').getByRole('button', {
        name: 'More actions for School information system',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke School information system' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    expectShown(dialog.getByText(/Integrations using it are refused from the next request/));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'DELETE', `${KEYS}/key-1`)).toBe(0);

    await user.click(
      keyRow('School information system').getByRole('button', {
        name: 'More actions for School information system',
      }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke School information system' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Revoke API key' }));
    await user.click(dialog.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(keysCard().queryByText('School information system')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'DELETE', `${KEYS}/key-1`)).toBe(1);
    expectShown(await screen.findByText('The API key “School information system” was revoked.'));
  });
});
