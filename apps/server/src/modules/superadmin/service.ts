// The service operator's view of every station, and viewing one as its admin (the audit trail
// records each switch and exit on the station viewed, decision 0021).
import type { TSuperadminDashboard } from '@message-station/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { messages } from '../../db/schema/owned/messages.js';
import { stations } from '../../db/schema/owned/station.js';
import { smsContacts } from '../../db/schema/owned/subscribers.js';
import { users } from '../../db/schema/owned/users.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { setSessionViewingStation } from '../auth/service.js';

async function viewingStation(db: Db, stationId: string | null) {
  if (!stationId) return null;
  const [row] = await db
    .select({ id: stations.id, display_name: stations.displayName, slug: stations.slug })
    .from(stations)
    .where(eq(stations.id, stationId))
    .limit(1);
  return row ?? null;
}

export async function superadminDashboard(
  ctx: Pick<TServiceContext, 'db' | 'auth'>,
): Promise<TSuperadminDashboard> {
  const { db, auth } = ctx;
  const userCounts = db
    .select({ stationId: users.stationId, n: count().as('user_count') })
    .from(users)
    .groupBy(users.stationId)
    .as('user_counts');
  const messageCounts = db
    .select({ stationId: messages.stationId, n: count().as('message_count') })
    .from(messages)
    .groupBy(messages.stationId)
    .as('message_counts');
  const rows = await db
    .select({
      id: stations.id,
      display_name: stations.displayName,
      slug: stations.slug,
      payment_status: stations.paymentStatus,
      sms_enabled: stations.smsEnabled,
      user_count: sql<number>`coalesce(${userCounts.n}, 0)::int`,
      message_count: sql<number>`coalesce(${messageCounts.n}, 0)::int`,
      sms_credits: stations.smsCreditsBalance,
    })
    .from(stations)
    .leftJoin(userCounts, eq(userCounts.stationId, stations.id))
    .leftJoin(messageCounts, eq(messageCounts.stationId, stations.id))
    .orderBy(asc(stations.displayName));
  const [subscribers] = await db
    .select({ n: count() })
    .from(smsContacts)
    .where(eq(smsContacts.status, 'active'));
  const stationRows = rows.map((r) => ({
    ...r,
    user_count: Number(r.user_count),
    message_count: Number(r.message_count),
  }));
  return {
    stats: {
      total_stations: stationRows.length,
      total_users: stationRows.reduce((sum, r) => sum + r.user_count, 0),
      total_messages: stationRows.reduce((sum, r) => sum + r.message_count, 0),
      total_sms_subscribers: Number(subscribers?.n ?? 0),
    },
    stations: stationRows,
    viewing_station: await viewingStation(db, auth.viewingStationId),
  };
}

/** Points this session at another station; every admin call then acts on it. */
export async function switchStation(ctx: Pick<TServiceContext, 'db' | 'auth'>, stationId: string) {
  const station = await viewingStation(ctx.db, stationId);
  if (!station) throw notFound('station_not_found');
  await setSessionViewingStation(ctx.db, ctx.auth.sessionId, station.id);
  return { message: `Now viewing ${station.display_name}`, viewing_station: station };
}

export async function exitStation(ctx: Pick<TServiceContext, 'db' | 'auth'>) {
  await setSessionViewingStation(ctx.db, ctx.auth.sessionId, null);
  return { message: 'Returned to your own station' };
}
