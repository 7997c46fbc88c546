// SMS Contacts state: the paged list, the station's types and languages, and the changes staff make.
import type { TContactStatus, TSmsContact } from '@message-station/shared';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  addSmsContact,
  getMessageTypes,
  importSmsContacts,
  listSmsContacts,
  type TSmsContactsPage,
  typesInUiLanguage,
  updateContactPreferences,
  updateContactStatus,
} from '../../api/sms-contacts';
import { useUiLanguage } from '../../i18n/use-ui-language';

export const CONTACTS_PER_PAGE = 50;

export type TContactsFilter = { search: string; status: TContactStatus | ''; page: number };

export function useSmsContactsQuery(filter: TContactsFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: [...queryKeys.smsContacts, filter],
    queryFn: ({ signal }) =>
      listSmsContacts(
        {
          search: filter.search || undefined,
          status: filter.status || undefined,
          limit: CONTACTS_PER_PAGE,
          offset: (filter.page - 1) * CONTACTS_PER_PAGE,
        },
        signal,
      ),
    // Paging and searching keep the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useMessageTypesQuery() {
  const language = useUiLanguage();
  return useQuery({
    queryKey: queryKeys.messageTypes,
    queryFn: ({ signal }) => getMessageTypes(signal),
    select: (types) =>
      typesInUiLanguage(
        types.filter((type) => type.is_active),
        language,
      ),
  });
}

/** Puts the server's copy of a contact into every cached page that shows it. */
function replaceContact(queryClient: QueryClient, contact: TSmsContact) {
  queryClient.setQueriesData<TSmsContactsPage>({ queryKey: queryKeys.smsContacts }, (page) =>
    page ? { ...page, contacts: page.contacts.map((c) => (c.id === contact.id ? contact : c)) } : page,
  );
}

/** Pause or resume: shown only once the server said yes; a failure is only logged. */
export function useContactStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) =>
      updateContactStatus(id, status),
    onSuccess: (contact) => replaceContact(queryClient, contact),
    onError: (error) => {
      console.error('Failed to update contact status', error);
    },
  });
}

export function useContactPreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      preferences,
    }: {
      id: string;
      preferences: Parameters<typeof updateContactPreferences>[1];
    }) => updateContactPreferences(id, preferences),
    onSuccess: (contact) => replaceContact(queryClient, contact),
  });
}

export function useAddContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSmsContact,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.smsContacts }),
  });
}

type TImportInput = { file: File; dryRun: boolean; consentAttested: boolean };

export function useImportContactsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...options }: TImportInput) => importSmsContacts(file, options),
    onSuccess: (_report, { dryRun }) => {
      if (!dryRun) void queryClient.invalidateQueries({ queryKey: queryKeys.smsContacts });
    },
  });
}
