// The contacts the inbox reads (decision 0040): every station a number is a contact of (routing a
// text), and a station's contacts' names, languages and statuses (the list, replies).
import type { DbOrTx } from '../../db/client.js';
import { inboxContacts as inboxContactsOf } from './inbox-contacts-repo.js';
import { findContactsByPhoneEverywhere as contactsByPhone } from './repo.js';

export type { TInboxContact } from './inbox-contacts-repo.js';
export type { TContactRow } from './repo.js';

/** A station's contacts by id: name, language and status, for the inbox list and its replies. */
export function inboxContacts(db: DbOrTx, stationId: string, ids: string[]) {
  return inboxContactsOf(db, stationId, ids);
}

/** Every station's contact at this number: where an incoming text may belong. */
export function findContactsByPhoneEverywhere(db: DbOrTx, phone: string) {
  return contactsByPhone(db, phone);
}
