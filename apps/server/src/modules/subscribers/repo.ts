// Queries on SMS contacts, their preferences, consent events and inbound texts.
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  consentEvents,
  inboundMessages,
  smsContactPreferences,
  smsContacts,
} from '../../db/schema/owned/subscribers.js';

export type TContactRow = typeof smsContacts.$inferSelect;
export type TConsentEvent = typeof consentEvents.$inferInsert;

export async function findContactByPhone(db: DbOrTx, stationId: string, phone: string) {
  const [row] = await db
    .select()
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.phone, phone)))
    .limit(1);
  return row ?? null;
}

export async function findContact(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.id, contactId)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A phone's contacts at every station (inbound keywords act across stations sharing a number). */
export function findContactsByPhoneEverywhere(db: DbOrTx, phone: string) {
  return db.select().from(smsContacts).where(eq(smsContacts.phone, phone));
}

export async function insertContact(db: DbOrTx, values: typeof smsContacts.$inferInsert) {
  const [row] = await db.insert(smsContacts).values(values).returning();
  if (!row) throw new Error('contact insert returned nothing');
  return row;
}

export async function updateContact(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  values: Partial<typeof smsContacts.$inferInsert>,
) {
  const [row] = await db
    .update(smsContacts)
    .set(values)
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.id, contactId)))
    .returning();
  return row ?? null;
}

export async function deleteContact(db: DbOrTx, stationId: string, contactId: string) {
  await db
    .delete(smsContacts)
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.id, contactId)));
}

export async function replacePreferences(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  choices: { messageType: string; language: string }[],
) {
  await db
    .delete(smsContactPreferences)
    .where(
      and(eq(smsContactPreferences.stationId, stationId), eq(smsContactPreferences.contactId, contactId)),
    );
  if (choices.length === 0) return;
  await db.insert(smsContactPreferences).values(choices.map((c) => ({ ...c, stationId, contactId })));
}

export function listPreferences(db: DbOrTx, stationId: string, contactIds: string[]) {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(smsContactPreferences)
    .where(
      and(
        eq(smsContactPreferences.stationId, stationId),
        inArray(smsContactPreferences.contactId, contactIds),
      ),
    );
}

export async function insertConsentEvents(db: DbOrTx, events: TConsentEvent[]) {
  if (events.length === 0) return;
  await db.insert(consentEvents).values(events);
}

export function listConsentEvents(db: DbOrTx, stationId: string, phone: string) {
  return db
    .select()
    .from(consentEvents)
    .where(and(eq(consentEvents.stationId, stationId), eq(consentEvents.phone, phone)))
    .orderBy(consentEvents.createdAt);
}

/** Opts out every contact of the phone that is not out already; returns the ones changed. */
export function optOutEverywhere(db: DbOrTx, phone: string, at: Date) {
  return db
    .update(smsContacts)
    .set({ status: 'opted_out', optedOutAt: at, pendingSignup: null, updatedAt: at })
    .where(and(eq(smsContacts.phone, phone), ne(smsContacts.status, 'opted_out')))
    .returning();
}

/** The contact's language and the language of every type it receives (a language keyword). */
export async function setContactLanguage(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  language: string,
  at: Date,
) {
  await db
    .update(smsContacts)
    .set({ language, updatedAt: at })
    .where(and(eq(smsContacts.stationId, stationId), eq(smsContacts.id, contactId)));
  await db
    .update(smsContactPreferences)
    .set({ language })
    .where(
      and(eq(smsContactPreferences.stationId, stationId), eq(smsContactPreferences.contactId, contactId)),
    );
}

/** Records an inbound text once; false when this provider id was handled before. */
export async function recordInbound(db: DbOrTx, values: typeof inboundMessages.$inferInsert) {
  const rows = await db
    .insert(inboundMessages)
    .values(values)
    .onConflictDoNothing({ target: inboundMessages.providerMessageId })
    .returning({ id: inboundMessages.id });
  return rows.length === 1;
}

/**
 * Moves every choice (and reply language) in a language outside `keep` to `to`: a station that
 * drops a language keeps the subscribers who chose it (decision 0009).
 */
export async function moveLanguagesOutside(db: DbOrTx, stationId: string, keep: string[], to: string) {
  const choices = await db
    .update(smsContactPreferences)
    .set({ language: to })
    .where(
      and(eq(smsContactPreferences.stationId, stationId), notInArray(smsContactPreferences.language, keep)),
    )
    .returning({ contactId: smsContactPreferences.contactId });
  const contacts = await db
    .update(smsContacts)
    .set({ language: to })
    .where(and(eq(smsContacts.stationId, stationId), notInArray(smsContacts.language, keep)))
    .returning({ id: smsContacts.id });
  return {
    choices: choices.length,
    contacts: new Set([...choices.map((c) => c.contactId), ...contacts.map((c) => c.id)]).size,
  };
}
