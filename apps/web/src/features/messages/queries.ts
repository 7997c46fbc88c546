// Messages state: the filtered list, the station's types, languages and SMS standing, and the
// changes staff make. Every change refreshes the lists; the stream refreshes them for other tabs.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createMessage,
  deleteMessage,
  getAdminStation,
  listMessages,
  sendMessageSms,
  type TMessage,
  type TMessageInput,
  updateMessage,
  updateTranslation,
} from '../../api/messages';
import { queryKeys } from '../../api/query-keys';
import { getMessageTypes } from '../../api/sms-contacts';

export type TMessagesFilter = { type: string; search: string };

export function useMessagesQuery(filter: TMessagesFilter) {
  return useQuery({
    queryKey: [...queryKeys.messages, filter],
    queryFn: ({ signal }) =>
      listMessages({ type: filter.type || undefined, search: filter.search || undefined }, signal),
    // Filtering keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Every type of the station, inactive ones too: an old message keeps its type's badge. */
export function useAllMessageTypesQuery() {
  return useQuery({
    queryKey: queryKeys.messageTypes,
    queryFn: ({ signal }) => getMessageTypes(signal),
  });
}

export function useAdminStationQuery() {
  return useQuery({
    queryKey: queryKeys.adminStation,
    queryFn: ({ signal }) => getAdminStation(signal),
  });
}

/** Puts the server's copy of a message into every cached list that shows it, then refetches. */
function useMessageSaved() {
  const queryClient = useQueryClient();
  return (message: TMessage) => {
    queryClient.setQueriesData<TMessage[]>({ queryKey: queryKeys.messages }, (list) =>
      list?.map((m) => (m.id === message.id ? message : m)),
    );
    return queryClient.invalidateQueries({ queryKey: queryKeys.messages });
  };
}

export function useCreateMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}

export function useUpdateMessageMutation() {
  const saved = useMessageSaved();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TMessageInput }) => updateMessage(id, input),
    onSuccess: (message) => saved(message),
  });
}

export function useUpdateTranslationMutation() {
  const saved = useMessageSaved();
  return useMutation({
    mutationFn: ({ id, language, text }: { id: string; language: string; text: string }) =>
      updateTranslation(id, language, text),
    onSuccess: (message) => saved(message),
  });
}

export function useDeleteMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}

export function useSendSmsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessageSms,
    // Credits were spent.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminStation }),
  });
}
