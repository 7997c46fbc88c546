// Message counts for the dashboard (one station) and the superadmin overview (every station); the
// messages module owns the table, the others reach these through messages/overview-service.ts.
import { count, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed } from '../../db/rows.js';
import { messages } from '../../db/schema/owned/messages.js';

/**
 * The station's messages in all and since `since` (a UTC date, YYYY-MM-DD), and those per type
 * since then: one statement on the index by station and date, read on every dashboard load.
 */
export async function countStationMessages(
  db: Db,
  input: { stationId: string; since: string },
): Promise<{ total: number; sinceCount: number; byType: Record<string, number> }> {
  const { stationId, since } = input;
  const [row] = await executeNamed<{
    total: number;
    since_count: number;
    by_type: Record<string, number> | null;
  }>(
    db,
    'dashboard_messages',
    sql`
    select
      (select count(*)::int from ${messages} m where m.station_id = ${stationId}) as total,
      (select count(*)::int from ${messages} m
        where m.station_id = ${stationId} and m.created_at >= ${since}::timestamptz) as since_count,
      (select json_object_agg(t.message_type, t.n) from (
        select m.message_type, count(*)::int as n from ${messages} m
        where m.station_id = ${stationId} and m.created_at >= ${since}::timestamptz
        group by m.message_type) t) as by_type`,
  );
  return {
    total: Number(row?.total ?? 0),
    sinceCount: Number(row?.since_count ?? 0),
    byType: row?.by_type ?? {},
  };
}

/**
 * The same counts as countStationMessages, as one scalar subquery answering
 * `{ total, sinceCount, byType }`, for the dashboard's one statement (decision 0061).
 */
export function stationMessageCountsSql(stationId: SQL, since: SQL): SQL {
  return sql`json_build_object(
    'total', (select count(*)::int from ${messages} m where m.station_id = ${stationId}),
    'sinceCount', (select count(*)::int from ${messages} m
      where m.station_id = ${stationId} and m.created_at >= ${since}),
    'byType', (select coalesce(json_object_agg(t.message_type, t.n), '{}'::json) from (
      select m.message_type, count(*)::int as n from ${messages} m
      where m.station_id = ${stationId} and m.created_at >= ${since}
      group by m.message_type) t))`;
}

/** Messages per station id; a station without messages is not in the map. */
export async function countMessagesPerStation(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ stationId: messages.stationId, n: count() })
    .from(messages)
    .groupBy(messages.stationId);
  return new Map(rows.map((row) => [row.stationId, Number(row.n)]));
}
