// Dashboard figures: this month's messages and SMS,
// subscribers, credits, alerts and SMS per day for 30 days. SMS counts are texts handed to the
// provider; queued and held ones wait in the activity line (activity.ts) instead. Days and months
// are the station's, in its time zone (decision 0079).
import {
  APPROVAL_MIN_ADMINS,
  actsAsStationAdmin,
  holdsForApproval,
  isLowOnCredits,
  MESSAGE_TYPE_KEYS,
  type TDashboardStats,
} from '@message-station/shared';
import { sql } from 'drizzle-orm';
import { namedRead } from '../../db/rows.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import {
  includedCreditsSql,
  paymentStatusSql,
  stationBillingCardSql,
  type TStationBillingCardJson,
} from '../billing/page-reads-service.js';
import { smsSentSql } from '../delivery/overview-service.js';
import { stationMessageCountsSql } from '../messages/overview-service.js';
import { pendingSendRequestsSql } from '../send-requests/service.js';
import {
  stationApprovalSettingsSql,
  stationCardSql,
  stationTimeZoneSql,
  type TStationCardJson,
} from '../station/page-reads-service.js';
import { stationContactCountsSql } from '../subscribers/overview-service.js';
import { stationAdminCountSql } from '../users/overview-service.js';

const DAY_MS = 86_400_000;
/** Days the SMS chart shows, today (in the station's zone) the last. */
const CHART_DAYS = 30;

/** The `count` dates (YYYY-MM-DD) that end with `today`, oldest first. */
function datesEndingOn(today: string, count: number): string[] {
  const last = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

type TAlertStation = Pick<TStationCardJson, 'smsEnabled'> &
  Pick<TStationBillingCardJson, 'paymentStatus' | 'smsCreditsBalance'> & {
    paymentFailedAt: Date | null;
    paymentExpiresAt: Date | null;
  };

/** The trial's end as an alert: its date (in the station's zone) while more than three days remain, a countdown after. */
function trialAlert(expiresAt: Date, now: Date, timeZone: string): TDashboardStats['alerts'][number] {
  const days = Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
  const date = expiresAt.toISOString();
  if (days > 3) {
    return {
      type: 'info',
      code: 'trial_active',
      date,
      message: `Free trial ends on ${expiresAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone })}.`,
      action: 'Choose a plan',
      link: '/admin/billing',
    };
  }
  const left = Math.max(days, 0);
  return {
    type: 'warning',
    code: 'trial_ending',
    params: { days: left },
    date,
    message: `Your free trial ends in ${left} day${left === 1 ? '' : 's'}.`,
    action: 'Choose a plan',
    link: '/admin/billing',
  };
}

/** `allowance`: what the balance is measured against (the trial's grant, or the plan's month). */
function alertsFor(
  station: TAlertStation,
  allowance: number,
  now: Date,
  timeZone: string,
): TDashboardStats['alerts'] {
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
    alerts.push(trialAlert(station.paymentExpiresAt, now, timeZone));
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
  if (isLowOnCredits(station.smsCreditsBalance, allowance)) {
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

/** What only admins act on (decision 0077), from the dashboard's statement. */
type TAdminFacts = {
  /** Requests to send waiting for an admin. */
  sendRequests: number;
  admins: number;
  approval: { approvalRequiredTypes: string[]; approvalBypassEmergency: boolean } | null;
};

function adminAlertsFor(facts: TAdminFacts): TDashboardStats['alerts'] {
  const alerts: TDashboardStats['alerts'] = [];
  if (facts.sendRequests > 0) {
    alerts.push({
      type: 'warning',
      code: 'send_requests',
      params: { count: facts.sendRequests },
      message: `Staff asked the admins to send ${facts.sendRequests} message${facts.sendRequests === 1 ? '' : 's'}.`,
      action: 'Open Messages',
      link: '/admin/messages',
    });
  }
  // A station that held types for approval before decision 0077 with one admin: nobody can approve.
  const policy = facts.approval && {
    approval_required_types: facts.approval.approvalRequiredTypes,
    approval_bypass_emergency: facts.approval.approvalBypassEmergency,
  };
  const held = policy ? MESSAGE_TYPE_KEYS.some((type) => holdsForApproval(policy, type)) : false;
  if (held && facts.admins < APPROVAL_MIN_ADMINS) {
    alerts.push({
      type: 'error',
      code: 'approval_needs_admins',
      params: { admins: facts.admins },
      message: `Two-person approval is on, but this station has ${facts.admins} admin${facts.admins === 1 ? '' : 's'}: nobody can approve what an admin writes. Add an admin on the Users page, or turn approval off.`,
      action: 'Open Settings',
      link: '/admin/settings',
    });
  }
  return alerts;
}

type TDashboardRow = {
  station: TStationCardJson | null;
  billing: TStationBillingCardJson | null;
  messages: { total: number; sinceCount: number; byType: Record<string, number> };
  sms: { total: number; thisMonth: number; perDay: Record<string, number> };
  contacts: { all: number; active: number };
  /** The trial's grant, for a station on trial (what its balance is measured against). */
  trial_allowance: number | null;
  send_requests: number;
  admins: number;
  approval: TAdminFacts['approval'];
  /** The station's zone and today's date in it (YYYY-MM-DD); null when the station is gone. */
  time_zone: string | null;
  today: string | null;
};

/**
 * The dashboard's one statement (decision 0061), built once: the station row and three counts,
 * each written by the module that owns its table (station, messages, delivery's rollup of texts
 * per hour, subscribers' rollup of contacts per status, decision 0030), and billing's grant for a
 * station on trial with the station's credits and payment state (its billing row); so the cost does
 * not grow with history and a load is one round trip. Its first part turns `now` into the station's
 * today, the first instant of its month and of the chart's first day, in the station's zone
 * (decision 0079): every count starts there.
 */
const readDashboard = namedRead<TDashboardRow, { stationId: string; now: string }>('dashboard_stats', () => {
  const stationId = sql`${sql.placeholder('stationId')}::uuid`;
  const zone = sql`b.tz`;
  const monthStart = sql`b.month_start`;
  return sql`with z as (
      select s.tz, (${sql.placeholder('now')}::timestamptz at time zone s.tz)::date as today
      from (select ${stationTimeZoneSql(stationId)} as tz) s),
    b as (
      select z.tz, z.today,
        date_trunc('month', z.today::timestamp) at time zone z.tz as month_start,
        (z.today - ${sql.raw(String(CHART_DAYS - 1))})::timestamp at time zone z.tz as since
      from z)
    select ${stationCardSql(stationId)} as station,
    ${stationBillingCardSql(stationId)} as billing,
    ${stationMessageCountsSql(stationId, monthStart)} as messages,
    ${smsSentSql(stationId, { zone, monthStart, since: sql`b.since` })} as sms,
    ${stationContactCountsSql(stationId)} as contacts,
    case when ${paymentStatusSql(stationId)} = 'trial' then ${includedCreditsSql(stationId)} end as trial_allowance,
    ${pendingSendRequestsSql(stationId)} as send_requests,
    ${stationAdminCountSql(stationId)} as admins,
    ${stationApprovalSettingsSql(stationId)} as approval,
    b.tz as time_zone, to_char(b.today, 'YYYY-MM-DD') as today
    from b`;
});

export async function dashboardStats(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'> & Partial<Pick<TServiceContext, 'auth'>>,
): Promise<TDashboardStats> {
  const { db, now, stationId } = context;
  const [row] = await readDashboard(db, { stationId, now: now.toISOString() });
  const card = row?.station;
  const billing = row?.billing;
  if (!row || !card || !billing || !row.time_zone || !row.today) throw notFound('station_not_found');
  const timeZone = row.time_zone;
  const station = {
    ...card,
    ...billing,
    paymentFailedAt: billing.paymentFailedAt ? new Date(billing.paymentFailedAt) : null,
    paymentExpiresAt: billing.paymentExpiresAt ? new Date(billing.paymentExpiresAt) : null,
  };
  const allowance =
    station.paymentStatus === 'trial' ? Number(row.trial_allowance ?? 0) : station.monthlyCredits;
  const messageCounts = row.messages;
  const sms = row.sms;
  const contacts = row.contacts;
  const smsPerDay = datesEndingOn(row.today, CHART_DAYS).map((date) => ({
    date,
    count: Number(sms.perDay[date] ?? 0),
  }));
  return {
    station: {
      id: station.id,
      display_name: station.displayName,
      sms_enabled: station.smsEnabled,
      sms_credits_balance: station.smsCreditsBalance,
      payment_status: station.paymentStatus,
      time_zone: timeZone,
    },
    stats: {
      totalMessages: Number(messageCounts.total),
      messagesThisMonth: Number(messageCounts.sinceCount),
      messagesByType: messageCounts.byType,
      totalSmsSent: Number(sms.total),
      smsSentThisMonth: Number(sms.thisMonth),
      subscriberCount: Number(contacts.all),
      activeSubscribers: Number(contacts.active),
      smsEnabled: station.smsEnabled,
      smsPerDay,
    },
    alerts: [
      ...alertsFor(station, allowance, now, timeZone),
      ...(context.auth && actsAsStationAdmin(context.auth)
        ? adminAlertsFor({
            sendRequests: Number(row.send_requests ?? 0),
            admins: Number(row.admins ?? 0),
            approval: row.approval,
          })
        : []),
    ],
  };
}
