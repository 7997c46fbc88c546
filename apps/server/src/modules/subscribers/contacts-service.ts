// A station's SMS contacts as the admin contact list, its CSV import and export (the sms-contacts
// module) and the demo seed change and read them; the public join, keyword and opt-out flows are
// in service.ts. Each export is a verb of this module over its own repos (decision 0065).
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { recordConsent } from './consent.js';
import * as list from './contact-list-repo.js';
import * as repo from './repo.js';

export type { TContactFilter, TContactPageRowJson } from './contact-list-repo.js';
export type { TContactRow } from './repo.js';
export { recordConsent };

type TPreferenceChoice = { messageType: string; language: string };

/** A contact of the station, optionally locked for the transaction's update. */
export function findContact(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  options: { forUpdate?: boolean } = {},
) {
  return repo.findContact(db, stationId, contactId, options);
}

/** The station's contact at this number, if any. */
export function findContactByPhone(db: DbOrTx, stationId: string, phone: string) {
  return repo.findContactByPhone(db, stationId, phone);
}

/** Adds one contact (staff-added or seeded); its preferences and consent are recorded separately. */
export function addContact(db: DbOrTx, values: Parameters<typeof repo.insertContact>[1]) {
  return repo.insertContact(db, values);
}

/** Changes a contact's name, language or status. */
export function changeContact(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  values: Parameters<typeof repo.updateContact>[3],
) {
  return repo.updateContact(db, stationId, contactId, values);
}

/** Removes a contact and, by cascade, its preferences. */
export function removeContact(db: DbOrTx, stationId: string, contactId: string) {
  return repo.deleteContact(db, stationId, contactId);
}

/** The message types and languages these contacts chose. */
export function listPreferences(db: DbOrTx, stationId: string, contactIds: string[]) {
  return repo.listPreferences(db, stationId, contactIds);
}

/** Replaces a contact's choices of message types and languages. */
export function choosePreferences(
  db: DbOrTx,
  stationId: string,
  contactId: string,
  choices: TPreferenceChoice[],
) {
  return repo.replacePreferences(db, stationId, contactId, choices);
}

/** One page of the contact list, as JSON, for the page's single statement. */
export function contactPageSql(values: Parameters<typeof list.contactPageSql>[0]): SQL {
  return list.contactPageSql(values);
}

/** The name and phone ILIKE patterns of a list search. */
export function contactSearchPatterns(search: string | undefined) {
  return list.contactSearchPatterns(search);
}

/** A page of the station's contacts for the CSV export. */
export function pageContacts(
  db: DbOrTx,
  stationId: string,
  filter: list.TContactFilter,
  limit: number,
  offset: number,
) {
  return list.pageContacts(db, stationId, filter, limit, offset);
}

/** Per phone, the latest opt-in and opt-out on record (for the CSV export). */
export function consentDatesByPhone(db: DbOrTx, stationId: string) {
  return list.consentDatesByPhone(db, stationId);
}

/** The names of these contacts, by id (a send's report). */
export function contactNames(db: DbOrTx, stationId: string, ids: string[]) {
  return list.contactNames(db, stationId, ids);
}

/** The station's contacts among these numbers (what an import would verify rather than add). */
export function contactsWithPhones(db: DbOrTx, stationId: string, phones: string[]) {
  return list.contactsWithPhones(db, stationId, phones);
}

/** One chunk of a CSV import, inside the import's transaction. */
export type TImportChunk = {
  stationId: string;
  at: Date;
  /** New contacts, active and verified, with the message types they chose. */
  fresh: { phone: string; name: string | null; language: string; types: string[] }[];
  /** Numbers of earlier unverified imports that this import attests. */
  reverify: string[];
  /** The attestation recorded as each contact's opt-in. */
  consent: Omit<repo.TConsentEvent, 'contactId' | 'phone'> & { createdAt: Date };
};

/**
 * Imports one chunk: inserts the new contacts and their preferences, verifies earlier imports, and
 * records every one's opt-in (with its subscriber.joined webhook).
 */
export async function importContacts(tx: DbOrTx, chunk: TImportChunk) {
  const { stationId, at } = chunk;
  const inserted = await list.insertContacts(
    tx,
    chunk.fresh.map((r) => ({
      stationId,
      phone: r.phone,
      name: r.name,
      language: r.language,
      status: 'active' as const,
      isVerified: true,
      verifiedAt: at,
      source: 'import' as const,
      signedUpAt: at,
    })),
  );
  const idOf = new Map(inserted.map((c) => [c.phone, c.id]));
  await list.insertPreferenceRows(
    tx,
    chunk.fresh.flatMap((r) =>
      r.types.map((type) => ({
        contactId: idOf.get(r.phone) as string,
        stationId,
        messageType: type,
        language: r.language,
      })),
    ),
  );
  const reverified = await list.verifyImportedContacts(tx, stationId, chunk.reverify, at);
  await recordConsent(
    tx,
    [...inserted, ...reverified].map((c) => ({ ...chunk.consent, contactId: c.id, phone: c.phone })),
  );
  return { imported: inserted.length, verified: reverified.length };
}

/** Fresh planner statistics for the contact tables, after a bulk import. */
export function refreshContactStatistics(db: DbOrTx) {
  return list.analyzeContacts(db);
}
