// Dashboard figures (spec §2 Dashboard, §3 Dashboard stats): this month's messages and SMS,
// subscribers, credits, alerts and SMS per day for 30 days. SMS counts are texts handed to the
// provider; queued and held ones wait in the activity line (activity.ts) instead.
import { LIMITS, type TDashboardStats } from '@message-station/shared';
import { sql } from 'drizzle-orm';
import { executeNamed } from '../../db/rows.js';
import { smsDailyStats } from '../../db/schema/owned/delivery.js';
import { messages } from '../../db/schema/owned/messages.js';
import { stations } from '../../db/schema/owned/station.js';
import { smsContactCounts } from '../../db/schema/owned/subscribers.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';

const DAY_MS = 86_400_000;
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

type TAlertStation = Pick<
  typeof stations.$inferSelect,
  'paymentStatus' | 'paymentFailedAt' | 'paymentExpiresAt' | 'smsEnabled' | 'smsCreditsBalance'
>;

function alertsFor(station: TAlertStation, now: Date): TDashboardStats['alerts'] {
  const alerts: TDashboardStats['alerts'] = [];
  if (station.paymentStatus === 'suspended' || station.paymentStatus === 'unpaid') {
    alerts.push({
      type: 'error',
      code: 'no_subscription',
      message: 'SMS sending is disabled without an active subscription',
      action: 'Go to Billing',
      link: '/admin/billing',
    });
  } else if (station.paymentFailedAt) {
    alerts.push({
      type: 'error',
      code: 'payment_failed',
      message: 'Your last payment failed. Update your card to keep sending SMS.',
      action: 'Go to Billing',
      link: '/admin/billing',
    });
  }
  if (station.paymentStatus === 'trial' && station.paymentExpiresAt) {
    const days = Math.ceil((station.paymentExpiresAt.getTime() - now.getTime()) / DAY_MS);
    if (days <= 3) {
      alerts.push({
        type: 'warning',
        code: 'trial_ending',
        params: { days: Math.max(days, 0) },
        message: `Your free trial ends in ${Math.max(days, 0)} day${days === 1 ? '' : 's'}.`,
        action: 'Choose a plan',
        link: '/admin/billing',
      });
    }
  }
  if (!station.smsEnabled) {
    alerts.push({
      type: 'info',
      code: 'sms_disabled',
      message: 'SMS is disabled for this station.',
      action: 'Open Settings',
      link: '/admin/settings',
    });
  }
  if (station.smsCreditsBalance < LIMITS.lowCreditWarning) {
    alerts.push({
      type: 'warning',
      code: 'low_credits',
      params: { credits: station.smsCreditsBalance },
      message: `Low SMS credits: ${station.smsCreditsBalance} left.`,
      action: 'Add Credits',
      link: '/admin/billing',
    });
  }
  return alerts;
}

type TDashboardRow = {
  station: {
    id: string;
    displayName: string;
    smsEnabled: boolean;
    smsCreditsBalance: number;
    paymentStatus: (typeof stations.$inferSelect)['paymentStatus'];
    paymentFailedAt: string | null;
    paymentExpiresAt: string | null;
  } | null;
  total_messages: number;
  month_messages: number;
  by_type: Record<string, number> | null;
  total_sms: number;
  month_sms: number;
  contacts: number;
  active_contacts: number;
  per_day: Record<string, number> | null;
};

/**
 * One statement: the station row, message counts (indexed by station and date) and the rollups of
 * texts per day and contacts per status (decision 0030), so its cost does not grow with history.
 */
export async function dashboardStats(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
): Promise<TDashboardStats> {
  const { db, now, stationId } = context;
  const month = monthStart(now).toISOString().slice(0, 10);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
  const sinceDay = since.toISOString().slice(0, 10);
  const [row] = await executeNamed<TDashboardRow>(
    db,
    'dashboard_stats',
    sql`
    select
      (select json_build_object(
          'id', s.id, 'displayName', s.display_name, 'smsEnabled', s.sms_enabled,
          'smsCreditsBalance', s.sms_credits_balance, 'paymentStatus', s.payment_status,
          'paymentFailedAt', s.payment_failed_at, 'paymentExpiresAt', s.payment_expires_at)
        from ${stations} s where s.id = ${stationId}) as station,
      (select count(*)::int from ${messages} m where m.station_id = ${stationId}) as total_messages,
      (select count(*)::int from ${messages} m
        where m.station_id = ${stationId} and m.created_at >= ${month}::timestamptz) as month_messages,
      (select json_object_agg(t.message_type, t.n) from (
        select m.message_type, count(*)::int as n from ${messages} m
        where m.station_id = ${stationId} and m.created_at >= ${month}::timestamptz
        group by m.message_type) t) as by_type,
      (select coalesce(sum(d.sent), 0)::int from ${smsDailyStats} d where d.station_id = ${stationId}) as total_sms,
      (select coalesce(sum(d.sent), 0)::int from ${smsDailyStats} d
        where d.station_id = ${stationId} and d.day >= ${month}::date) as month_sms,
      (select coalesce(sum(c.count), 0)::int from ${smsContactCounts} c where c.station_id = ${stationId}) as contacts,
      (select coalesce(sum(c.count), 0)::int from ${smsContactCounts} c
        where c.station_id = ${stationId} and c.status = 'active' and c.is_verified) as active_contacts,
      (select json_object_agg(d.day, d.sent) from ${smsDailyStats} d
        where d.station_id = ${stationId} and d.day >= ${sinceDay}::date and d.sent <> 0) as per_day`,
  );
  const station = row?.station;
  if (!row || !station) throw notFound('station_not_found');
  const perDay = row.per_day ?? {};
  const smsPerDay = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: Number(perDay[date] ?? 0) };
  });
  return {
    station: {
      id: station.id,
      display_name: station.displayName,
      sms_enabled: station.smsEnabled,
      sms_credits_balance: station.smsCreditsBalance,
      payment_status: station.paymentStatus,
    },
    stats: {
      totalMessages: Number(row.total_messages),
      messagesThisMonth: Number(row.month_messages),
      messagesByType: row.by_type ?? {},
      totalSmsSent: Number(row.total_sms),
      smsSentThisMonth: Number(row.month_sms),
      subscriberCount: Number(row.contacts),
      activeSubscribers: Number(row.active_contacts),
      smsEnabled: station.smsEnabled,
      smsPerDay,
    },
    alerts: alertsFor(
      {
        ...station,
        paymentFailedAt: station.paymentFailedAt ? new Date(station.paymentFailedAt) : null,
        paymentExpiresAt: station.paymentExpiresAt ? new Date(station.paymentExpiresAt) : null,
      },
      now,
    ),
  };
}
