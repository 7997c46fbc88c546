// The station's SMS contacts as CSV (GET /admin/api/sms-contacts.csv, admins): who, their status,
// when they signed up, were verified, opted in and out (from the consent record), and for each
// message type of the station the language they receive it in (blank: not subscribed). The same
// search and status filter as the list; every matching contact, read a page at a time.
import { csvDocument, csvRow } from '../../platform/csv.js';
import type { TServiceContext } from '../../service-context.js';
import * as contacts from '../subscribers/contacts-service.js';
import { stationCatalog } from './service.js';

const EXPORT_PAGE = 1000;

const BASE_HEADER = [
  'name',
  'phone',
  'language',
  'status',
  'verified',
  'source',
  'signed_up_at_utc',
  'verified_at_utc',
  'last_opt_in_utc',
  'last_opt_out_utc',
] as const;

const iso = (at: Date | null | undefined) => at?.toISOString() ?? '';

export async function contactsCsv(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  filter: contacts.TContactFilter,
): Promise<string> {
  const { typeKeys } = await stationCatalog(ctx);
  const consent = await contacts.consentDatesByPhone(ctx.db, ctx.stationId);
  const rows: string[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const page = await contacts.pageContacts(ctx.db, ctx.stationId, filter, EXPORT_PAGE, offset);
    const preferences = await contacts.listPreferences(
      ctx.db,
      ctx.stationId,
      page.rows.map((r) => r.id),
    );
    for (const row of page.rows) {
      const mine = preferences.filter((p) => p.contactId === row.id);
      const dates = consent.get(row.phone);
      rows.push(
        csvRow([
          row.name,
          row.phone,
          row.language,
          row.status,
          row.isVerified,
          row.source,
          iso(row.signedUpAt),
          iso(row.verifiedAt),
          iso(dates?.optedInAt),
          iso(dates?.optedOutAt ?? row.optedOutAt),
          ...typeKeys.map((key) => mine.find((p) => p.messageType === key)?.language ?? ''),
        ]),
      );
    }
    if (page.rows.length < EXPORT_PAGE) break;
  }
  return csvDocument([...BASE_HEADER, ...typeKeys.map((key) => `type_${key}`)], rows);
}
