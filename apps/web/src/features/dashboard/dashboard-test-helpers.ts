// Test fixtures for the Dashboard: the stats, activity lines, and a fetch mock behind a signed-in
// admin with the station's message types, no messages and no activity unless a test says otherwise.
import {
  FIRST_RUN_STEPS,
  type TActivity,
  type TDashboardStats,
  type TFirstRun,
  type TFirstRunStep,
  type TSessionUser,
} from '@message-station/shared';
import { mockApi, type TApiHandler } from '../../test/api-mock';
import { jsonResponse, sessionUser } from '../../test/render-app';
import { TYPES } from '../../test/sms-contacts-test-helpers';

export { callCount } from '../../test/api-mock';

/** 30 days ending 2026-03-30, with 4 SMS on Mar 20 and 2 on the last day. */
export function smsPerDay(): TDashboardStats['stats']['smsPerDay'] {
  return Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 2, 1 + index)).toISOString().slice(0, 10);
    return { date, count: date === '2026-03-20' ? 4 : index === 29 ? 2 : 0 };
  });
}

type TStatsOverrides = {
  station?: Partial<TDashboardStats['station']>;
  stats?: Partial<TDashboardStats['stats']>;
  alerts?: TDashboardStats['alerts'];
};

export function dashboardStats(overrides: TStatsOverrides = {}): TDashboardStats {
  return {
    station: {
      id: 'station-1',
      display_name: 'Demo Radio',
      sms_enabled: true,
      sms_credits_balance: 1250,
      payment_status: 'paid',
      time_zone: 'America/Chicago',
      ...overrides.station,
    },
    stats: {
      totalMessages: 2480,
      messagesThisMonth: 1234,
      messagesByType: { emergency: 2, alert: 7 },
      totalSmsSent: 5600,
      smsSentThisMonth: 320,
      subscriberCount: 1500,
      activeSubscribers: 1402,
      smsEnabled: true,
      smsPerDay: smsPerDay(),
      ...overrides.stats,
    },
    alerts: overrides.alerts ?? [],
  };
}

/** The warning a station low on credits gets, with its action. */
export function lowCreditsAlert(): TDashboardStats['alerts'][number] {
  return {
    type: 'warning',
    code: 'low_credits',
    params: { credits: 80 },
    message: 'Low SMS credits: 80 left.',
    action: 'Add Credits',
    link: '/admin/billing',
  };
}

type TActivityOverrides = Partial<Omit<TActivity, 'delivery'>> & {
  delivery?: Partial<TActivity['delivery']>;
};

/** A line about a message sent to 3 subscribers 5 minutes ago; `delivery` overrides only the counts given. */
export function activity(overrides: TActivityOverrides = {}): TActivity {
  return {
    id: 'a-1',
    messageId: 'm-1',
    messageTitle: 'Road closure',
    description: 'SMS sent to 3 subscribers',
    icon: 'sms',
    status: 'sent',
    timestamp: new Date(Date.now() - 5 * 60_000).toISOString(),
    metadata: { phone: null, characterCount: 42, segmentCount: 1 },
    ...overrides,
    delivery: {
      recipients: 3,
      total: 3,
      queued: 0,
      due: 0,
      held: 0,
      sending: 0,
      sent: 3,
      delivered: 0,
      failed: 0,
      possibleDuplicates: 0,
      heldUntil: null,
      heldZone: null,
      ...overrides.delivery,
    },
  };
}

/** A signed-in user (admin unless told), the types, and `handlers` keyed by "METHOD /path". */
export function mockDashboardApi(
  handlers: Record<string, TApiHandler>,
  options: { user?: Partial<TSessionUser> } = {},
) {
  return mockApi({
    'GET /auth/session': () => jsonResponse(sessionUser(options.user)),
    'GET /admin/api/message-types': () => jsonResponse(TYPES),
    'GET /admin/api/messages': () => jsonResponse([]),
    'GET /admin/api/activity': () => jsonResponse({ activities: [] }),
    'GET /admin/api/dashboard-stats': () => jsonResponse(dashboardStats()),
    'GET /admin/api/dashboard/first-run': () => jsonResponse(firstRun([...FIRST_RUN_STEPS])),
    ...handlers,
  });
}

/** The first-run checklist with `done` steps done (complete when all are). */
export function firstRun(done: TFirstRunStep[] = [], hidden = false): TFirstRun {
  return {
    steps: FIRST_RUN_STEPS.map((key) => ({ key, done: done.includes(key) })),
    complete: FIRST_RUN_STEPS.every((key) => done.includes(key)),
    hidden,
  };
}
