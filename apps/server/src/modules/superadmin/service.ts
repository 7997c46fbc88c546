// The service operator's view of every station, and viewing one as its admin (the audit trail
// records each switch and exit on the station viewed, decision 0021).
import type { TSuperadminDashboard } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { setSessionViewingStation } from '../auth/service.js';
import { billingPerStation } from '../billing/service.js';
import { countMessagesPerStation } from '../messages/overview-service.js';
import { listStationsOverview } from '../station/overview-service.js';
import { getStationSummary } from '../station/service.js';
import { countActiveContacts } from '../subscribers/overview-service.js';
import { countUsersPerStation } from '../users/overview-service.js';

async function viewingStation(db: Db, stationId: string | null) {
  if (!stationId) return null;
  const station = await getStationSummary(db, stationId);
  return station && { id: station.id, display_name: station.displayName, slug: station.slug };
}

/**
 * Each module counts its own table per station and the rows are matched here by station id; the
 * totals add up the listed stations, so users and messages of no listed station are not counted.
 */
export async function superadminDashboard(
  ctx: Pick<TServiceContext, 'db' | 'auth'>,
): Promise<TSuperadminDashboard> {
  const { db, auth } = ctx;
  const [stations, billing, userCounts, messageCounts, subscribers] = await Promise.all([
    listStationsOverview(db),
    billingPerStation(db),
    countUsersPerStation(db),
    countMessagesPerStation(db),
    countActiveContacts(db),
  ]);
  const stationRows = stations.map((station) => ({
    id: station.id,
    display_name: station.display_name,
    slug: station.slug,
    payment_status: billing.get(station.id)?.paymentStatus ?? 'unpaid',
    sms_enabled: station.sms_enabled,
    user_count: userCounts.get(station.id) ?? 0,
    message_count: messageCounts.get(station.id) ?? 0,
    sms_credits: billing.get(station.id)?.smsCreditsBalance ?? 0,
  }));
  return {
    stats: {
      total_stations: stationRows.length,
      total_users: stationRows.reduce((sum, r) => sum + r.user_count, 0),
      total_messages: stationRows.reduce((sum, r) => sum + r.message_count, 0),
      total_sms_subscribers: subscribers,
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
