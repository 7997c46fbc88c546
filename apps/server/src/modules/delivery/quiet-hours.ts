// Quiet hours (terms: texts only 8 AM–9 PM recipient time). The recipient's zone comes from the
// area code (shared AREA_CODE_TIME_ZONES, from NANPA assignments); the release time is computed
// in SQL so a send of 100,000 rows stays one statement.
import { type SQL, sql } from 'drizzle-orm';

export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

/**
 * SQL for the zone of an E.164 US phone column: its area code's zone, else the default. The table
 * is the database function `ms_zone_of` (migration 0015), which the rollup triggers use too; it is
 * AREA_CODE_TIME_ZONES written out, and `zone-of.test.ts` fails when the two differ (a change of
 * the shared table needs a migration that redefines the function).
 */
export function zoneOf(phone: SQL): SQL<string> {
  return sql<string>`ms_zone_of(${phone})`;
}

/**
 * SQL for when a text to `phone` may go, given the time `at`: at once inside 8 AM–9 PM local time,
 * else 8 AM local on the same morning (before 8) or the next one (after 9 PM).
 */
export function releaseTime(phone: SQL, at: Date): SQL<Date> {
  const zone = zoneOf(phone);
  const now = sql`${at.toISOString()}::timestamptz`;
  const local = sql`(${now} at time zone ${zone})`;
  return sql<Date>`case
    when extract(hour from ${local}) >= ${QUIET_END_HOUR} and extract(hour from ${local}) < ${QUIET_START_HOUR} then ${now}
    when extract(hour from ${local}) < ${QUIET_END_HOUR} then (date_trunc('day', ${local}) + interval '${sql.raw(String(QUIET_END_HOUR))} hours') at time zone ${zone}
    else (date_trunc('day', ${local}) + interval '1 day ${sql.raw(String(QUIET_END_HOUR))} hours') at time zone ${zone}
  end`;
}
