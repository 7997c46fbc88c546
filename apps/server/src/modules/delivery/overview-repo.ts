// Reads of a station's sends for the dashboard (its SMS cards and activity lines), over the
// rollups kept by triggers (decision 0030) so their cost does not grow with history. The dashboard
// module words and shapes them; it reaches them through delivery/overview-service.ts.
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { executeNamed, rowsOf } from '../../db/rows.js';
import {
  smsDeliveries,
  smsHourlyStats,
  smsSendHolds,
  smsSendStats,
  smsSends,
} from '../../db/schema/owned/delivery.js';

/** One activity line: a message's sends (or a send of a deleted message) with their counts. */
export type TActivityLineRow = {
  key: string;
  sends: number;
  send_ids: string[];
  at: string;
  message_id: string | null;
  title: string;
  recipients: number;
  one_phone: string | null;
  characters: number;
  segments: number;
  total: number;
  queued: number;
  sending: number;
  sent: number;
  delivered: number;
  failed: number;
  possible_duplicates: number;
  held: number;
  held_until: string | null;
  held_zones: number;
  held_zone: string | null;
};

/**
 * One statement over the station's sends and their rollups: the send's counts per status and its
 * quiet-hours holds, never its deliveries. Newest first, `limit` lines; `at` is now (holds released
 * before it no longer hold anything).
 */
export function listActivityLines(
  db: Db,
  input: { stationId: string; at: Date; limit: number },
): Promise<TActivityLineRow[]> {
  const { stationId, limit } = input;
  const at = input.at.toISOString();
  return executeNamed<TActivityLineRow>(
    db,
    'dashboard_activity',
    sql`
    with recent as (
      select coalesce(s.message_id::text, s.id::text) as key, max(s.created_at) as at,
        count(*)::int as sends, array_agg(s.id) as send_ids
      from ${smsSends} s where s.station_id = ${stationId}
      group by 1 order by 2 desc limit ${limit}
    ),
    holds as (
      select r.key, sum(h.count)::int as held, min(h.release_at) as held_until,
        count(distinct h.zone)::int as held_zones, min(h.zone) as held_zone
      from recent r join ${smsSendHolds} h on h.send_id = any(r.send_ids)
      where h.count > 0 and h.release_at > ${at}::timestamptz
      group by r.key
    )
    select r.key, r.at, max(s.message_id::text) as message_id, max(s.message_title) as title,
      r.sends, to_json(r.send_ids) as send_ids, sum(st.total)::int as recipients,
      min(st.one_phone) as one_phone, max(st.characters)::int as characters, max(st.segments)::int as segments,
      sum(st.total)::int as total,
      sum(st.queued + st.claimed + st.submitting)::int as queued,
      sum(st.claimed + st.submitting)::int as sending,
      sum(st.sent)::int as sent, sum(st.delivered)::int as delivered,
      sum(st.failed + st.undelivered)::int as failed,
      sum(st.possible_duplicates)::int as possible_duplicates,
      coalesce(max(h.held), 0)::int as held, max(h.held_until) as held_until,
      coalesce(max(h.held_zones), 0)::int as held_zones, max(h.held_zone) as held_zone
    from recent r
    join ${smsSends} s on s.id = any(r.send_ids)
    join ${smsSendStats} st on st.send_id = s.id
    left join holds h on h.key = r.key
    group by r.key, r.at, r.sends, r.send_ids
    having sum(st.total) > 0
    order by r.at desc`,
  );
}

/**
 * The people each line of a message sent more than once reached: its sends' distinct phones (a
 * second, rare statement; a single send's recipients are its texts, one per contact, phones being
 * unique). The send ids come from listActivityLines, so they are the station's already.
 */
export async function countPeopleOfSends(
  db: Db,
  lines: { key: string; send_ids: string[] }[],
): Promise<Map<string, number>> {
  if (lines.length === 0) return new Map();
  const rows = rowsOf<{ key: string; people: number }>(
    await db.execute(sql`
      select l.key, (select count(distinct d.phone)::int from ${smsDeliveries} d
        where d.send_id = any(l.send_ids::uuid[])) as people
      from jsonb_to_recordset(${JSON.stringify(lines.map((l) => ({ key: l.key, send_ids: l.send_ids })))}::jsonb)
        as l(key text, send_ids text[])`),
  );
  return new Map(rows.map((row) => [row.key, Number(row.people)]));
}

/** Where the dashboard's SMS figures start, and the zone its days are counted in (decision 0079). */
export type TSmsSentBounds = {
  /** The station's IANA zone, as SQL text. */
  zone: SQL;
  /** The first instant of this month in that zone (timestamptz). */
  monthStart: SQL;
  /** The first instant of the oldest day of the chart in that zone (timestamptz). */
  since: SQL;
};

/**
 * Texts handed to the provider, from the rollup per station and hour, as JSON `{ total, thisMonth,
 * perDay }` for the dashboard's one statement (decision 0061): in all, since `monthStart` and per
 * day of the station's zone since `since` (only days with texts; YYYY-MM-DD in that zone). Hours
 * are whole UTC hours and station zones whole hours from UTC, so each hour falls in one local day.
 */
export function smsSentSql(stationId: SQL, bounds: TSmsSentBounds): SQL {
  return sql`json_build_object(
    'total', (select coalesce(sum(h.sent), 0)::int from ${smsHourlyStats} h where h.station_id = ${stationId}),
    'thisMonth', (select coalesce(sum(h.sent), 0)::int from ${smsHourlyStats} h
      where h.station_id = ${stationId} and h.hour >= ${bounds.monthStart}),
    'perDay', (select coalesce(json_object_agg(d.day, d.sent), '{}'::json) from (
      select to_char(h.hour at time zone ${bounds.zone}, 'YYYY-MM-DD') as day, sum(h.sent)::int as sent
      from ${smsHourlyStats} h
      where h.station_id = ${stationId} and h.hour >= ${bounds.since} and h.sent <> 0
      group by 1) d))`;
}
