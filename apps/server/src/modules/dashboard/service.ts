// Dashboard figures: this month's messages and SMS,
// subscribers, credits, alerts and SMS per day for 30 days. SMS counts are texts handed to the
// provider; queued and held ones wait in the activity line (activity.ts) instead.
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
  type TStationCardJson,
} from '../station/page-reads-service.js';
import { stationContactCountsSql } from '../subscribers/overview-service.js';
import { stationAdminCountSql } from '../users/overview-service.js';

const DAY_MS = 86_400_000;
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

type TAlertStation = Pick<TStationCardJson, 'smsEnabled'> &
  Pick<TStationBillingCardJson, 'paymentStatus' | 'smsCreditsBalance'> & {
    paymentFailedAt: Date | null;
    paymentExpiresAt: Date | null;
  };

/** The trial's end as an alert: its date while more than three days remain, a countdown after. */
function trialAlert(expiresAt: Date, now: Date): TDashboardStats['alerts'][number] {
  const days = Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS);
  const date = expiresAt.toISOString();
  if (days > 3) {
    return {
      type: 'info',
      code: 'trial_active',
      date,
      message: `Free trial ends on ${expiresAt.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}.`,
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
function alertsFor(station: TAlertStation, allowance: number, now: Date): TDashboardStats['alerts'] {
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
    alerts.push(trialAlert(station.paymentExpiresAt, now));
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
};

/**
 * The dashboard's one statement (decision 0061), built once: the station row and three counts,
 * each written by the module that owns its table (station, messages, delivery's rollup of texts
 * per day, subscribers' rollup of contacts per status, decision 0030), and billing's grant for a
 * station on trial with the station's credits and payment state (its billing row); so the cost does not grow with history and a load is one round trip.
 */
const readDashboard = namedRead<
  TDashboardRow,
  { stationId: string; monthStart: string; monthStartDate: string; since: string }
>('dashboard_stats', () => {
  const stationId = sql`${sql.placeholder('stationId')}::uuid`;
  return sql`select ${stationCardSql(stationId)} as station,
    ${stationBillingCardSql(stationId)} as billing,
    ${stationMessageCountsSql(stationId, sql`${sql.placeholder('monthStart')}::timestamptz`)} as messages,
    ${smsSentSql(stationId, sql`${sql.placeholder('monthStartDate')}::date`, sql`${sql.placeholder('since')}::date`)} as sms,
    ${stationContactCountsSql(stationId)} as contacts,
    case when ${paymentStatusSql(stationId)} = 'trial' then ${includedCreditsSql(stationId)} end as trial_allowance,
    ${pendingSendRequestsSql(stationId)} as send_requests,
    ${stationAdminCountSql(stationId)} as admins,
    ${stationApprovalSettingsSql(stationId)} as approval`;
});

export async function dashboardStats(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'> & Partial<Pick<TServiceContext, 'auth'>>,
): Promise<TDashboardStats> {
  const { db, now, stationId } = context;
  const month = monthStart(now).toISOString().slice(0, 10);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
  const [row] = await readDashboard(db, {
    stationId,
    monthStart: month,
    monthStartDate: month,
    since: since.toISOString().slice(0, 10),
  });
  const card = row?.station;
  const billing = row?.billing;
  if (!row || !card || !billing) throw notFound('station_not_found');
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
  const smsPerDay = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: Number(sms.perDay[date] ?? 0) };
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
      ...alertsFor(station, allowance, now),
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
