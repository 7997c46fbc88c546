// Dashboard figures (spec §2 Dashboard, §3 Dashboard stats): this month's messages and SMS,
// subscribers, credits, alerts and SMS per day for 30 days. SMS counts are texts handed to the
// provider; queued and held ones wait in the activity line (activity.ts) instead.
import { LIMITS, type TDashboardStats } from '@message-station/shared';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, smsContacts, smsDeliveries, smsSends, stations } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

const DAY_MS = 86_400_000;
/** Handed to the provider: what "SMS sent" counts. */
const SENT = sql`${smsDeliveries.status} in ('sent', 'delivered', 'undelivered')`;
/**
 * How long after its send a text may still go out: quiet hours hold it under a day, retries give
 * up within the hour and even 100,000 texts at one a second go in about a day, so a month is far
 * beyond any real send. It lets the chart read only recent sends (station and date index).
 */
const SEND_LOOKBACK_MS = 30 * DAY_MS;

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

function alertsFor(station: typeof stations.$inferSelect, now: Date): TDashboardStats['alerts'] {
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

export async function dashboardStats(db: Db, stationId: string, now: Date): Promise<TDashboardStats> {
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId));
  if (!station) throw notFound('station_not_found');
  const month = monthStart(now);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS);
  const [messageCounts, byType, sms, contacts, perDay] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        month: sql<number>`count(*) filter (where ${messages.createdAt} >= ${month.toISOString()}::timestamptz)::int`,
      })
      .from(messages)
      .where(eq(messages.stationId, stationId)),
    db
      .select({ type: messages.messageType, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(eq(messages.stationId, stationId), gte(messages.createdAt, month)))
      .groupBy(messages.messageType),
    // Through the station's sends (indexed) to their deliveries (indexed by send).
    db
      .select({
        total: sql<number>`count(*) filter (where ${SENT})::int`,
        month: sql<number>`count(*) filter (where ${SENT} and ${smsDeliveries.sentAt} >= ${month.toISOString()}::timestamptz)::int`,
      })
      .from(smsSends)
      .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
      .where(eq(smsSends.stationId, stationId)),
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`count(*) filter (where ${smsContacts.status} = 'active' and ${smsContacts.isVerified})::int`,
      })
      .from(smsContacts)
      .where(eq(smsContacts.stationId, stationId)),
    db
      .select({
        date: sql<string>`to_char(${smsDeliveries.sentAt} at time zone 'UTC', 'YYYY-MM-DD')`,
        n: sql<number>`count(*)::int`,
      })
      .from(smsSends)
      .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
      .where(
        and(
          eq(smsSends.stationId, stationId),
          gte(smsSends.createdAt, new Date(since.getTime() - SEND_LOOKBACK_MS)),
          SENT,
          gte(smsDeliveries.sentAt, since),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const counts = new Map(perDay.map((d) => [d.date, Number(d.n)]));
  const smsPerDay = Array.from({ length: 30 }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
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
      totalMessages: Number(messageCounts[0]?.total ?? 0),
      messagesThisMonth: Number(messageCounts[0]?.month ?? 0),
      messagesByType: Object.fromEntries(byType.map((t) => [t.type, Number(t.n)])),
      totalSmsSent: Number(sms[0]?.total ?? 0),
      smsSentThisMonth: Number(sms[0]?.month ?? 0),
      subscriberCount: Number(contacts[0]?.total ?? 0),
      activeSubscribers: Number(contacts[0]?.active ?? 0),
      smsEnabled: station.smsEnabled,
      smsPerDay,
    },
    alerts: alertsFor(station, now),
  };
}
