// Messages state: the filtered list, the station's types, languages and SMS standing, and the
// changes staff make. Every change refreshes the lists; the stream refreshes them for other tabs.
import {
  keepPreviousData,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { getDeliveryProgress, getSendPreview, sendSms } from '../../api/delivery';
import {
  backTranslate,
  chooseCorrection,
  createMessage,
  createPhraseMessage,
  deleteMessage,
  listMessages,
  reviewTranslation,
  type TMessage,
  type TMessageInput,
  updateMessage,
  updateTranslation,
} from '../../api/messages';
import { queryKeys } from '../../api/query-keys';

export type TMessagesFilter = { type: string; search: string };

export function useMessagesQuery(filter: TMessagesFilter) {
  return useQuery({
    queryKey: [...queryKeys.messages, filter],
    queryFn: ({ signal }) =>
      listMessages({ type: filter.type || undefined, search: filter.search || undefined }, signal),
    // Filtering keeps the rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    // The SMS column moves with the stream; polled too while texts go out now, as the progress is.
    refetchInterval: (query) =>
      query.state.data?.some((m) => m.last_send && m.last_send.in_flight > m.last_send.held)
        ? DELIVERY_POLL_MS
        : false,
  });
}

/** Puts the server's copy of a message into every cached list that shows it, then refetches. */
function useMessageSaved() {
  const queryClient = useQueryClient();
  return (message: TMessage) => {
    // Only the lists: other queries live under the same key (the approval queue).
    queryClient.setQueriesData<TMessage[]>({ queryKey: queryKeys.messages }, (list) =>
      Array.isArray(list) ? list.map((m) => (m.id === message.id ? message : m)) : list,
    );
    // Refetched in the background, not awaited: the save is done when the server answered. Awaited,
    // the mutation stayed pending for the whole refetch, so a translation editor stayed open
    // (Save still spinning) after the list already showed "Corrected by hand", and an Edit clicked
    // in that moment left it open for good.
    void queryClient.invalidateQueries({ queryKey: queryKeys.messages });
  };
}

export function useCreateMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}

/** A message from the emergency templates: every language finished at once. */
export function useCreatePhraseMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPhraseMessage,
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

export function useReviewTranslationMutation() {
  const saved = useMessageSaved();
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language: string }) => reviewTranslation(id, language),
    onSuccess: (message) => saved(message),
  });
}

export function useChooseCorrectionMutation() {
  const saved = useMessageSaved();
  return useMutation({
    mutationFn: ({ id, language, keep }: { id: string; language: string; keep: 'correction' | 'machine' }) =>
      chooseCorrection(id, language, keep),
    onSuccess: (message) => saved(message),
  });
}

/** Asked when staff ask: each answer is an engine's call, kept only while the translation shows. */
export function useBackTranslationMutation() {
  return useMutation({
    mutationFn: ({ id, language }: { id: string; language: string }) => backTranslate(id, language),
  });
}

export function useDeleteMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}

/**
 * The send confirmation's back-translation of a text nobody reviewed, asked when it opens (an
 * engine's call, kept only while the confirmation shows it).
 */
export function useBackTranslationQuery(messageId: string, language: string) {
  return useQuery({
    queryKey: ['admin', 'back-translation', messageId, language],
    queryFn: () => backTranslate(messageId, language),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** What a send would cost, asked fresh each time the confirmation opens. */
export function useSendPreviewQuery(messageId: string) {
  return useQuery({
    queryKey: [...queryKeys.sendPreview, messageId],
    queryFn: ({ signal }) => getSendPreview(messageId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}

/** A fallback poll in case a stream event is missed. */
export const DELIVERY_POLL_MS = 5000;

/** Live through the stream's sms_progress events; polled while SMS are queued to go now. */
export function useDeliveryProgressQuery(messageId: string) {
  return useQuery({
    queryKey: [...queryKeys.deliveries, messageId],
    queryFn: ({ signal }) => getDeliveryProgress(messageId, signal),
    // SMS held for quiet hours wait until 8 AM: polling for them all night would be wasted.
    refetchInterval: (query) => {
      const progress = query.state.data;
      return progress && progress.queued > progress.waiting ? DELIVERY_POLL_MS : false;
    },
  });
}

const SEND_SMS_MUTATION = ['send-sms'] as const;

export function useSendSmsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: SEND_SMS_MUTATION,
    mutationFn: sendSms,
    // Credits were spent and the message has deliveries; the success text need not wait for these.
    onSuccess: (_result, { messageId }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStation, exact: true });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.deliveries, messageId] });
      // The list's SMS column: "Not sent" becomes "Sending".
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
      void queryClient.invalidateQueries({ queryKey: queryKeys.activity });
    },
  });
}

/** True while a send is on its way: the detail modal holds its other actions until it answers. */
export function useSmsSending(): boolean {
  return useIsMutating({ mutationKey: SEND_SMS_MUTATION }) > 0;
}
