// Test fixtures for the Users page: station users and a fetch mock keyed by "METHOD /path".
import type { TStationUser, TUserInvitation } from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import { mockApi, type TApiHandler } from './api-mock';
import { jsonResponse, sessionUser } from './render-app';

export { bodiesSentTo } from './api-mock';

const MINUTE = 60_000;

export function stationUser(overrides: Partial<TStationUser> = {}): TStationUser {
  return {
    id: 'user-2',
    full_name: 'Maria Lopez',
    email: 'maria@demoradio.org',
    phone_number: '+14155550134',
    role: 'user',
    api_access_enabled: true,
    api_access_reason: null,
    api_access_reason_code: null,
    api_key: null,
    api_key_created_at: null,
    api_key_last_used_at: null,
    last_login_at: null,
    created_at: '2026-01-10T17:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in admin (id user-1, as sessionUser()), who logged in 5 minutes ago. */
export function signedInAdmin(overrides: Partial<TStationUser> = {}): TStationUser {
  return stationUser({
    id: 'user-1',
    full_name: 'Ana Rivera',
    email: 'ana@demoradio.org',
    phone_number: '+15551234567',
    role: 'admin',
    last_login_at: new Date(Date.now() - 5 * MINUTE).toISOString(),
    ...overrides,
  });
}

/**
 * A signed-in admin of Demo Radio (slug demoradio), no pending invitations and no integration keys,
 * plus `handlers`; unknown calls answer 404.
 */
export function mockUsersApi(handlers: Record<string, TApiHandler>) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser()),
    'GET /admin/api/invitations': () => jsonResponse([]),
    'GET /admin/api/station-keys': () => jsonResponse([]),
    ...handlers,
  });
}

export function invitation(overrides: Partial<TUserInvitation> = {}): TUserInvitation {
  return {
    id: 'invitation-1',
    email: 'jane@demoradio.org',
    full_name: 'Jane Smith',
    phone_number: '+14155550111',
    role: 'user',
    status: 'invited',
    expires_at: '2026-11-30T12:00:00.000Z',
    created_at: '2026-11-23T12:00:00.000Z',
    ...overrides,
  };
}

/** The table row that shows `text` (the admin header also names the signed-in user). */
export function rowOf(text: string) {
  const row = within(screen.getByRole('table')).getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row as HTMLElement);
}
