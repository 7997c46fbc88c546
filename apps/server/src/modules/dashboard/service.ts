// Dashboard figures (spec §2 Dashboard, §3 Dashboard stats, Activity): this month's messages and
// SMS, subscribers, credits, alerts, SMS per day for 30 days, and the recent sends.
import { LIMITS, type TActivity, type TDashboardStats } from '@message-station/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages, smsContacts, smsDeliveries, smsSends, stations } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

const DAY_MS = 86_400_000;
const SENT = sql`${smsDeliveries.status} in ('sent', 'delivered', 'undelivered')`;

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

function alertsFor(station: typeof stations.$inferSelect, now: Date): TDashboardStats['alerts'] {
  const alerts: TDashboardStats['alerts'] = [];
  if (station.paymentStatus === 'suspended' || station.paymentStatus === 'unpaid') {
    alerts.push({
      type: 'error',
      message: 'SMS sending is disabled without an active subscription',
      action: 'Go to Billing',
      link: '/admin/billing',
    });
  } else if (station.paymentFailedAt) {
    alerts.push({
      type: 'error',
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
        message: `Your free trial ends in ${Math.max(days, 0)} day${days === 1 ? '' : 's'}.`,
        action: 'Choose a plan',
        link: '/admin/billing',
      });
    }
  }
  if (!station.smsEnabled) {
    alerts.push({
      type: 'info',
      message: 'SMS is disabled for this station.',
      action: 'Open Settings',
      link: '/admin/settings',
    });
  }
  if (station.smsCreditsBalance < LIMITS.lowCreditWarning) {
    alerts.push({
      type: 'warning',
      message: `Low SMS credits: ${station.smsCreditsBalance} left.`,
      action: 'Add Credits',
      link: '/admin/billing',
    });
  }
  return alerts;
}

export async function dashboardStats(db: Db, stationId: string, now: Date): Promise<TDashboardStats> {
  const [station] = await db.select().from(stations).where(eq(stations.id, stationId));
  if (!station) throw notFound('Station not found');
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
    db
      .select({
        total: sql<number>`count(*) filter (where ${SENT})::int`,
        month: sql<number>`count(*) filter (where ${SENT} and ${smsDeliveries.sentAt} >= ${month.toISOString()}::timestamptz)::int`,
      })
      .from(smsDeliveries)
      .where(eq(smsDeliveries.stationId, stationId)),
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
      .from(smsDeliveries)
      .where(and(eq(smsDeliveries.stationId, stationId), SENT, gte(smsDeliveries.sentAt, since)))
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

/**
 * Recent SMS activity: the deliveries of one message merge into one line, counted by distinct
 * phone ('SMS sent to N subscriber(s)'), newest first.
 */
export async function recentActivity(db: Db, stationId: string, limit: number): Promise<TActivity[]> {
  const rows = await db
    .select({
      key: sql<string>`coalesce(${smsSends.messageId}::text, ${smsSends.id}::text)`,
      messageId: smsSends.messageId,
      title: sql<string>`max(${smsSends.messageTitle})`,
      phones: sql<number>`count(distinct ${smsDeliveries.phone})::int`,
      failed: sql<number>`count(*) filter (where ${smsDeliveries.status} in ('failed', 'undelivered'))::int`,
      all: sql<number>`count(*)::int`,
      onePhone: sql<string>`min(${smsDeliveries.phone})`,
      characters: sql<number>`max(char_length(${smsDeliveries.body}))::int`,
      segments: sql<number>`max(${smsDeliveries.segments})::int`,
      at: sql<string>`max(${smsSends.createdAt})`,
    })
    .from(smsSends)
    .innerJoin(smsDeliveries, eq(smsDeliveries.sendId, smsSends.id))
    .where(eq(smsSends.stationId, stationId))
    .groupBy(sql`1`, smsSends.messageId)
    .orderBy(desc(sql`max(${smsSends.createdAt})`))
    .limit(limit);
  return rows.map((r) => {
    const phones = Number(r.phones);
    return {
      id: r.key,
      messageId: r.messageId,
      messageTitle: r.title,
      description: `SMS sent to ${phones.toLocaleString('en-US')} subscriber${phones === 1 ? '' : 's'}`,
      icon: 'sms',
      status: Number(r.failed) === Number(r.all) ? 'failed' : 'sent',
      timestamp: new Date(r.at).toISOString(),
      metadata: {
        phone: phones === 1 ? r.onePhone : null,
        characterCount: Number(r.characters),
        segmentCount: Number(r.segments),
      },
    };
  });
}
