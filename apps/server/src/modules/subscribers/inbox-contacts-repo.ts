// What the inbox shows of a station's contacts: name, language and status, for many at once.
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsContacts } from '../../db/schema/owned/subscribers.js';

export type TInboxContact = { id: string; name: string | null; language: string; status: string };

export async function inboxContacts(
  db: DbOrTx,
  stationId: string,
  ids: string[],
): Promise<Map<string, TInboxContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: smsContacts.id,
      name: smsContacts.name,
      language: smsContacts.language,
      status: smsContacts.status,
    })
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), inArray(smsContacts.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}
