// Admin queries on a station's SMS contacts for the contact list and its CSV import (the
// sms-contacts module): search and paging done in SQL, imports set-based.
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  consentEvents,
  smsContactCounts,
  smsContactPreferences,
  smsContacts,
} from '../../db/schema/owned/subscribers.js';

export type TContactFilter = { search?: string; status?: (typeof smsContacts.$inferSelect)['status'] };

function where(stationId: string, filter: TContactFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(smsContacts.stationId, stationId)];
  if (filter.status) conditions.push(eq(smsContacts.status, filter.status));
  const search = filter.search?.trim();
  if (search) {
    const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
    const digits = search.replace(/\D/g, '');
    conditions.push(
      or(
        ilike(smsContacts.name, `%${escaped}%`),
        digits.length >= 3 ? ilike(smsContacts.phone, `%${digits}%`) : undefined,
      ),
    );
  }
  return and(...conditions);
}

export async function pageContacts(
  db: DbOrTx,
  stationId: string,
  filter: TContactFilter,
  limit: number,
  offset: number,
) {
  const condition = where(stationId, filter);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(smsContacts)
      .where(condition)
      .orderBy(desc(smsContacts.signedUpAt), desc(smsContacts.id))
      .limit(limit)
      .offset(offset),
    countContacts(db, stationId, filter),
  ]);
  return { rows, total };
}

/**
 * Exact matches for the X-Total-Count header. Without a search the station's contact counts by
 * status answer it (kept by a trigger, decision 0030) instead of counting 100,000 rows per page.
 */
async function countContacts(db: DbOrTx, stationId: string, filter: TContactFilter): Promise<number> {
  if (filter.search?.trim()) {
    const [row] = await db.select({ n: count() }).from(smsContacts).where(where(stationId, filter));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${smsContactCounts.count}), 0)::int` })
    .from(smsContactCounts)
    .where(
      and(
        eq(smsContactCounts.stationId, stationId),
        filter.status ? eq(smsContactCounts.status, filter.status) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** One contact of a page as contactPageSql answers it (timestamps as JSON text). */
export type TContactPageRowJson = {
  id: string;
  name: string | null;
  phone: string;
  language: string;
  status: (typeof smsContacts.$inferSelect)['status'];
  isVerified: boolean;
  signedUpAt: string;
  preferences: { messageType: string; language: string }[];
};

/**
 * A page of the contact list as one scalar subquery answering `{ total, rows }` (decision 0061),
 * for a page's one-statement read: the rows newest first, each with its preferences, and the exact
 * number of matches. Without a search the total is the per-status rollup (decision 0030); with one,
 * the matches are found once (the trigram indexes of migration 0014, `ILIKE` on name, and `LIKE` on phone
 * when the search holds 3 digits or more) and both counted and paged from there. The values are
 * SQL (placeholders of a named statement); which conditions appear is the statement's shape.
 */
export function contactPageSql(values: {
  stationId: SQL;
  limit: SQL;
  offset: SQL;
  /** Only contacts in this status. */
  status?: SQL;
  /** `ILIKE` pattern on the name (`%…%`, escaped). */
  namePattern?: SQL;
  /** `ILIKE` pattern on the phone (`%digits%`), with namePattern. */
  phonePattern?: SQL;
}): SQL {
  const { stationId, limit, offset, status, namePattern, phonePattern } = values;
  const row = sql`json_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'language', c.language,
      'status', c.status, 'isVerified', c.is_verified, 'signedUpAt', c.signed_up_at,
      'preferences', (select coalesce(json_agg(json_build_object('messageType', p.message_type, 'language', p.language)), '[]'::json)
        from ${smsContactPreferences} p where p.contact_id = c.id and p.station_id = ${stationId}))`;
  const inStatus = status ? sql` and c.status = ${status}` : sql``;
  if (!namePattern) {
    return sql`(select json_build_object(
      'total', (select coalesce(sum(n.count), 0)::int from ${smsContactCounts} n
        where n.station_id = ${stationId}${status ? sql` and n.status = ${status}` : sql``}),
      'rows', (select coalesce(json_agg(${row} order by c.signed_up_at desc, c.id desc), '[]'::json) from (
        select c.* from ${smsContacts} c where c.station_id = ${stationId}${inStatus}
        order by c.signed_up_at desc, c.id desc limit ${limit} offset ${offset}) c)))`;
  }
  // A phone is '+' and digits and its pattern digits only: LIKE matches what ILIKE did, without
  // folding case on every row (the trigram index serves both).
  const matches = phonePattern
    ? sql`(c.name ilike ${namePattern} or c.phone like ${phonePattern})`
    : sql`c.name ilike ${namePattern}`;
  return sql`(with found as materialized (
      select c.id, c.signed_up_at from ${smsContacts} c where c.station_id = ${stationId}${inStatus} and ${matches})
    select json_build_object(
      'total', (select count(*)::int from found),
      'rows', (select coalesce(json_agg(${row} order by c.signed_up_at desc, c.id desc), '[]'::json) from (
        select c.* from ${smsContacts} c
        join (select f.id from found f order by f.signed_up_at desc, f.id desc limit ${limit} offset ${offset}) f on f.id = c.id) c)))`;
}

/** The `ILIKE` patterns of a contact search (as pageContacts matches it): null when there is none. */
export function contactSearchPatterns(
  search: string | undefined,
): { name: string; phone: string | null } | null {
  const term = search?.trim();
  if (!term) return null;
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  const digits = term.replace(/\D/g, '');
  return { name: `%${escaped}%`, phone: digits.length >= 3 ? `%${digits}%` : null };
}

export function contactsWithPhones(db: DbOrTx, stationId: string, phones: string[]) {
  if (phones.length === 0) return Promise.resolve([]);
  return db
    .select({
      phone: smsContacts.phone,
      status: smsContacts.status,
      isVerified: smsContacts.isVerified,
      source: smsContacts.source,
    })
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), inArray(smsContacts.phone, phones)));
}

/**
 * Verifies contacts imported before imports verified them (decision 0017), if still active or
 * paused. The same rule as `awaitsVerification` in import.ts, checked again here because an
 * opt-out may have arrived since the file was checked: only the person opts back in.
 */
export function verifyImportedContacts(db: DbOrTx, stationId: string, phones: string[], at: Date) {
  if (phones.length === 0) return Promise.resolve([]);
  return db
    .update(smsContacts)
    .set({ isVerified: true, verifiedAt: at, updatedAt: at })
    .where(
      and(
        eq(smsContacts.stationId, stationId),
        inArray(smsContacts.phone, phones),
        eq(smsContacts.source, 'import'),
        eq(smsContacts.isVerified, false),
        inArray(smsContacts.status, ['active', 'paused']),
      ),
    )
    .returning({ id: smsContacts.id, phone: smsContacts.phone });
}

export function insertContacts(db: DbOrTx, values: (typeof smsContacts.$inferInsert)[]) {
  return db.insert(smsContacts).values(values).returning({ id: smsContacts.id, phone: smsContacts.phone });
}

export async function insertPreferenceRows(
  db: DbOrTx,
  values: (typeof smsContactPreferences.$inferInsert)[],
) {
  if (values.length) await db.insert(smsContactPreferences).values(values);
}

/** Fresh planner statistics for the contact tables, after a bulk import. */
export async function analyzeContacts(db: DbOrTx) {
  await db.execute(sql`analyze sms_contacts, sms_contact_preferences`);
}

/** Per phone of the station, the latest opt-in and opt-out on record (for the contacts export). */
export async function consentDatesByPhone(
  db: DbOrTx,
  stationId: string,
): Promise<Map<string, { optedInAt: Date | null; optedOutAt: Date | null }>> {
  const rows = await db
    .select({
      phone: consentEvents.phone,
      optedInAt: sql<
        string | null
      >`max(${consentEvents.createdAt}) filter (where ${consentEvents.event} = 'opt_in')`,
      optedOutAt: sql<
        string | null
      >`max(${consentEvents.createdAt}) filter (where ${consentEvents.event} = 'opt_out')`,
    })
    .from(consentEvents)
    .where(eq(consentEvents.stationId, stationId))
    .groupBy(consentEvents.phone);
  const at = (value: string | Date | null) => (value === null ? null : new Date(value));
  return new Map(rows.map((r) => [r.phone, { optedInAt: at(r.optedInAt), optedOutAt: at(r.optedOutAt) }]));
}

/** The names of these contacts of the station (a contact without a name is absent). */
export async function contactNames(
  db: DbOrTx,
  stationId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: smsContacts.id, name: smsContacts.name })
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), inArray(smsContacts.id, [...new Set(ids)])));
  return new Map(rows.flatMap((r) => (r.name ? [[r.id, r.name] as const] : [])));
}
