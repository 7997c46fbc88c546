// Dashboard figures (spec §2 Dashboard, §3 Dashboard stats): this month's messages and SMS,
// subscribers, credits, alerts and SMS per day for 30 days. SMS counts are texts handed to the
// provider; queued and held ones wait in the activity line (activity.ts) instead.
import { isLowOnCredits, type TDashboardStats } from '@message-station/shared';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { creditAllowance } from '../billing/service.js';
import { countSmsSent } from '../delivery/overview-service.js';
import { countStationMessages } from '../messages/overview-service.js';
import { findStationById } from '../station/service.js';
import { countStationContacts } from '../subscribers/overview-service.js';

const DAY_MS = 86_400_000;
function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

type TAlertStation = Pick<
  NonNullable<Awaited<ReturnType<typeof findStationById>>>,
  'paymentStatus' | 'paymentFailedAt' | 'paymentExpiresAt' | 'smsEnabled' | 'smsCreditsBalance'
>;

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

/**
 * The station row and three counts, each read through the module that owns its table and all four
 * at once, as none needs another: messages (indexed by station and date) and the rollups of texts
 * per day and contacts per status (decision 0030), so the cost does not grow with history.
 */
export async function dashboardStats(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
): Promise<TDashboardStats> {
  const { db, now, stationId } = context;
  const month = monthStart(now).toISOString().slice(0, 10);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
  const [station, messageCounts, sms, contacts] = await Promise.all([
    findStationById(db, stationId),
    countStationMessages(db, { stationId, since: month }),
    countSmsSent(db, { stationId, monthStart: month, since: since.toISOString().slice(0, 10) }),
    countStationContacts(db, { stationId }),
  ]);
  if (!station) throw notFound('station_not_found');
  const allowance = await creditAllowance(db, station);
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
      totalMessages: messageCounts.total,
      messagesThisMonth: messageCounts.sinceCount,
      messagesByType: messageCounts.byType,
      totalSmsSent: sms.total,
      smsSentThisMonth: sms.thisMonth,
      subscriberCount: contacts.all,
      activeSubscribers: contacts.active,
      smsEnabled: station.smsEnabled,
      smsPerDay,
    },
    alerts: alertsFor(station, allowance, now),
  };
}
