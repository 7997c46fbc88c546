// The contacts the inbox reads (decision 0040): every station a number is a contact of (routing a
// text), and a station's contacts' names, languages and statuses (the list, replies).
export { inboxContacts, type TInboxContact } from './inbox-contacts-repo.js';
export { findContactsByPhoneEverywhere, type TContactRow } from './repo.js';
