// Subscriber counts for the dashboard (one station, from the rollup per status, decision 0030) and
// the superadmin overview (every station); others reach them through subscribers/overview-service.ts.
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/rows.js';
import { smsContactCounts, smsContacts } from '../../db/schema/owned/subscribers.js';

/** The station's contacts in all, and those active and verified (who receive texts). */
export async function countStationContacts(
  db: Db,
  input: { stationId: string },
): Promise<{ all: number; active: number }> {
  const { stationId } = input;
  const [row] = await executeNamed<{ all_contacts: number; active_contacts: number }>(
    db,
    'dashboard_contacts',
    sql`
    select
      (select coalesce(sum(c.count), 0)::int from ${smsContactCounts} c where c.station_id = ${stationId}) as all_contacts,
      (select coalesce(sum(c.count), 0)::int from ${smsContactCounts} c
        where c.station_id = ${stationId} and c.status = 'active' and c.is_verified) as active_contacts`,
  );
  return { all: Number(row?.all_contacts ?? 0), active: Number(row?.active_contacts ?? 0) };
}

/** The same counts as countStationContacts, as JSON `{ all, active }` for one statement (decision 0061). */
export function stationContactCountsSql(stationId: SQL): SQL {
  return sql`json_build_object(
    'all', (select coalesce(sum(c.count), 0)::int from ${smsContactCounts} c where c.station_id = ${stationId}),
    'active', (select coalesce(sum(c.count), 0)::int from ${smsContactCounts} c
      where c.station_id = ${stationId} and c.status = 'active' and c.is_verified))`;
}

/** Active contacts of every station together, for the service operator's overview. */
export async function countActiveContacts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(smsContacts).where(eq(smsContacts.status, 'active'));
  return Number(row?.n ?? 0);
}
