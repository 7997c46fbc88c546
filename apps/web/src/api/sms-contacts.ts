// Typed calls for the admin SMS Contacts page: the paged list (total in the
// X-Total-Count header), preferences, pause/resume, adding one contact and importing a CSV.
import {
  smsContactsAdd,
  smsContactsCsv,
  smsContactsImport,
  smsContactsList,
  smsContactsPreferences,
  smsContactsStatus,
  stationLanguages,
  stationMessageTypes,
  type TAddContactRequest,
  type TImportQuery,
  type TImportReport,
  type TMessagePreferences,
  type TMessageTypeItem,
  type TMessageTypeListItem,
  type TSmsContact,
  type TSmsContactsQuery as TSmsContactsQueryInput,
  type TStationLanguage,
  type TUpdateContactStatusRequest,
  type TUpdatePreferencesRequest,
} from '@message-station/shared';
import { call, callWithHeaders, endpointUrl } from './call';

/** The route's query; the page always says which page (limit and offset as numbers). */
export type TSmsContactsQuery = Omit<TSmsContactsQueryInput, 'limit' | 'offset'> & {
  limit: number;
  offset: number;
};

export type TSmsContactsPage = { contacts: TSmsContact[]; total: number };

/** The CSV export of every contact the search and status filter show (admins). */
export function smsContactsCsvPath(filter: { search?: string; status?: string }): string {
  return endpointUrl(smsContactsCsv, { query: { search: filter.search, status: filter.status } });
}

/**
 * A message type as the routes answer it: worded in the station's primary language (what Settings
 * edits), with its words in each interface language where the list gives them (updates do not).
 */
export type TStationMessageType = TMessageTypeItem & Partial<Pick<TMessageTypeListItem, 'names'>>;

export type { TStationLanguage } from '@message-station/shared';

/** The types as the pages show them: named in the interface language where the list says how. */
export function typesInUiLanguage(
  types: TStationMessageType[],
  language: 'en' | 'es',
): TStationMessageType[] {
  return types.map((type) => {
    const words = type.names?.[language];
    return words ? { ...type, display_name: words.display_name, description: words.description } : type;
  });
}

/** Search matches the name or the phone's digits. */
export async function listSmsContacts(
  query: TSmsContactsQuery,
  signal?: AbortSignal,
): Promise<TSmsContactsPage> {
  const { search, status, limit, offset } = query;
  const { data, headers } = await callWithHeaders(smsContactsList, {
    query: { search, status: status || undefined, limit, offset },
    signal,
  });
  const total = Number(headers.get('X-Total-Count'));
  return {
    contacts: data,
    total: Number.isFinite(total) && headers.has('X-Total-Count') ? total : data.length,
  };
}

export function updateContactPreferences(id: string, preferences: TMessagePreferences): Promise<TSmsContact> {
  return call(smsContactsPreferences, {
    params: { id },
    body: { message_preferences: preferences } satisfies TUpdatePreferencesRequest,
  });
}

/** Staff may pause and resume; 409 for an opted-out or pending contact (only the person can opt in). */
export function updateContactStatus(id: string, status: 'active' | 'paused'): Promise<TSmsContact> {
  return call(smsContactsStatus, {
    params: { id },
    body: { status } satisfies TUpdateContactStatusRequest,
  });
}

/** 201: the contact starts pending; the server texts them to reply YES. */
export function addSmsContact(request: TAddContactRequest): Promise<TSmsContact> {
  return call(smsContactsAdd, { body: request });
}

/** CSV columns name,phone,language,types. A dry run only checks the rows; the real run needs the attestation. */
export function importSmsContacts(
  file: File,
  options: { dryRun: boolean; consentAttested: boolean },
): Promise<TImportReport> {
  const form = new FormData();
  // Fields before the file: a streaming multipart parser sees them before it reads the file.
  if (options.consentAttested) form.append('consent_attested', 'true');
  form.append('file', file);
  const query: TImportQuery = { dry_run: options.dryRun ? 'true' : 'false' };
  return call(smsContactsImport, { query, body: form });
}

/** In display order. */
export function getMessageTypes(signal?: AbortSignal): Promise<TStationMessageType[]> {
  return call(stationMessageTypes, { signal });
}

export function getStationLanguages(signal?: AbortSignal): Promise<TStationLanguage[]> {
  return call(stationLanguages, { signal });
}
