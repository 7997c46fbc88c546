// The endpoint table (decision 0067): SMS contacts: the list, changes, import and export.
import { ZContactIdParams } from '../id-params.js';
import {
  ZAddContactRequest,
  ZImportQuery,
  type ZImportReport,
  type ZSmsContact,
  type ZSmsContactList,
  ZSmsContactsQuery,
  ZUpdateContactStatusRequest,
  ZUpdatePreferencesRequest,
} from '../subscribers.js';
import { endpoint, type TFileReply, type TFormBody } from './endpoint.js';

/** The export's query: the list's search and status filter. */
export type TSmsContactsCsvQuery = { search?: string; status?: string };

/** GET /admin/api/sms-contacts */
export const smsContactsList = endpoint('GET', '/admin/api/sms-contacts', {
  query: ZSmsContactsQuery,
}).returns<typeof ZSmsContactList>();

/** PUT /admin/api/sms-contacts/:id/preferences */
export const smsContactsPreferences = endpoint('PUT', '/admin/api/sms-contacts/:id/preferences', {
  params: ZContactIdParams,
  body: ZUpdatePreferencesRequest,
}).returns<typeof ZSmsContact>();

/** PUT /admin/api/sms-contacts/:id/status */
export const smsContactsStatus = endpoint('PUT', '/admin/api/sms-contacts/:id/status', {
  params: ZContactIdParams,
  body: ZUpdateContactStatusRequest,
}).returns<typeof ZSmsContact>();

/** POST /admin/api/sms-contacts */
export const smsContactsAdd = endpoint('POST', '/admin/api/sms-contacts', {
  body: ZAddContactRequest,
}).returns<typeof ZSmsContact>();

/** POST /admin/api/sms-contacts/import */
export const smsContactsImport = endpoint('POST', '/admin/api/sms-contacts/import', {
  query: ZImportQuery,
}).returns<typeof ZImportReport, { body: TFormBody }>();

/** GET /admin/api/sms-contacts.csv */
export const smsContactsCsv = endpoint('GET', '/admin/api/sms-contacts.csv').returns<
  TFileReply,
  { query: TSmsContactsCsvQuery }
>();

/** The area's entries by name. */
export const smsContactsEndpoints = {
  list: smsContactsList,
  preferences: smsContactsPreferences,
  status: smsContactsStatus,
  add: smsContactsAdd,
  import: smsContactsImport,
  csv: smsContactsCsv,
};
