// Test fixtures for the superadmin pages: the all-stations dashboard and a fetch mock that routes
// on "METHOD /path" behind a signed-in superadmin.
import type { TSessionUser, TSuperadminDashboard, TSuperadminStationRow } from '@message-station/shared';
import { mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';

export { callCount } from '../../test/api-mock';

export function stationRow(overrides: Partial<TSuperadminStationRow> = {}): TSuperadminStationRow {
  return {
    id: 'st-1',
    display_name: 'Demo Radio',
    slug: 'demoradio',
    payment_status: 'paid',
    sms_enabled: true,
    user_count: 3,
    message_count: 1250,
    sms_credits: 1680,
    ...overrides,
  };
}

export function dashboard(overrides: Partial<TSuperadminDashboard> = {}): TSuperadminDashboard {
  return {
    stats: { total_stations: 2, total_users: 1234, total_messages: 56789, total_sms_subscribers: 10500 },
    stations: [
      stationRow(),
      stationRow({
        id: 'st-2',
        display_name: 'Valley School',
        slug: 'valleyschool',
        payment_status: 'trial',
        sms_enabled: false,
        user_count: 1,
        message_count: 0,
        sms_credits: null,
      }),
    ],
    viewing_station: null,
    ...overrides,
  };
}

const superadminUser = (overrides: Partial<TSessionUser> = {}) =>
  sessionUser({ isSuperadmin: true, ...overrides });

/** GET /auth/session of the superadmin, who is Valley School's admin (st-2) while `viewing()` holds. */
export function sessionViewingValleySchool(viewing: () => boolean): TApiHandler {
  return () =>
    jsonResponse(
      viewing()
        ? superadminUser({ role: 'admin', viewingStationId: 'st-2', stationName: 'Valley School' })
        : superadminUser(),
    );
}

/** A signed-in superadmin, the status call, and `handlers` keyed by "METHOD /path". */
export function mockSuperadminApi(handlers: Record<string, TApiHandler>) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(superadminUser()),
    'GET /admin/api/superadmin/status': () => jsonResponse({ is_superadmin: true, viewing_station_id: null }),
    ...handlers,
  });
}
