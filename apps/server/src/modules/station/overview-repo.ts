// Every station as the service operator's overview lists it; the superadmin module reaches this
// through station/overview-service.ts.
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { stations } from '../../db/schema/owned/station.js';

/** Each station's name and SMS switch, by display name. */
export function listStationsOverview(db: Db) {
  return db
    .select({
      id: stations.id,
      display_name: stations.displayName,
      slug: stations.slug,
      sms_enabled: stations.smsEnabled,
    })
    .from(stations)
    .orderBy(asc(stations.displayName));
}
