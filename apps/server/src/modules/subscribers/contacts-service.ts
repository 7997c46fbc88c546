// A station's SMS contact rows as stored, for the admin contact list and its import (the
// sms-contacts module) and the demo seed; the public join, keyword and opt-out flows are in service.ts.

export {
  analyzeContacts,
  consentDatesByPhone,
  contactNames,
  contactPageSql,
  contactSearchPatterns,
  contactsWithPhones,
  insertConsentRows,
  insertContacts,
  insertPreferenceRows,
  pageContacts,
  type TContactFilter,
  type TContactPageRowJson,
  verifyImportedContacts,
} from './contact-list-repo.js';
export {
  deleteContact,
  findContact,
  findContactByPhone,
  insertConsentEvents,
  insertContact,
  listPreferences,
  replacePreferences,
  type TContactRow,
  updateContact,
} from './repo.js';
