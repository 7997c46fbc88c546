// Every station as the service operator's overview lists it; the superadmin module reaches this
// through station/overview-service.ts.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stations } from '../../db/schema/owned/station.js';

/** Each station's name, plan state and SMS credits, by display name. */
export function listStationsOverview(db: Db) {
  return db
    .select({
      id: stations.id,
      display_name: stations.displayName,
      slug: stations.slug,
      payment_status: stations.paymentStatus,
      sms_enabled: stations.smsEnabled,
      sms_credits: stations.smsCreditsBalance,
    })
    .from(stations)
    .orderBy(asc(stations.displayName));
}
