// What the audit trail reads of an SMS contact; others reach it through trail-service.ts.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { smsContactPreferences, smsContacts } from '../../db/schema/owned/subscribers.js';

/** A contact's status and the types it receives in which language: what staff can change. */
export async function findContactView(db: DbOrTx, stationId: string, contactId: string) {
  const [contact] = await db
    .select({ name: smsContacts.name, status: smsContacts.status })
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.id, contactId)))
    .limit(1);
  if (!contact) return null;
  const preferences = await db
    .select({ type: smsContactPreferences.messageType, language: smsContactPreferences.language })
    .from(smsContactPreferences)
    .where(
      and(eq(smsContactPreferences.stationId, stationId), eq(smsContactPreferences.contactId, contactId)),
    );
  const types = Object.fromEntries(
    preferences.sort((a, b) => a.type.localeCompare(b.type)).map((p) => [p.type, p.language]),
  );
  return { name: contact.name, status: contact.status, types };
}
