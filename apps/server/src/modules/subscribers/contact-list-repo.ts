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
import { recordConsentWebhooks } from '../webhooks/index.js';

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

export async function insertConsentRows(db: DbOrTx, values: (typeof consentEvents.$inferInsert)[]) {
  if (values.length === 0) return;
  await db.insert(consentEvents).values(values);
  // subscriber.joined / opted_out webhooks (issue 23), one statement per station and kind.
  await recordConsentWebhooks(db, values);
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
