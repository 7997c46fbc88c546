// Requests to send on the web (decision 0077): a message's requests, a standard user's request, an
// admin's Decline, and the admins' queue. They live under the messages' key: every message event,
// and a send (useSendSmsMutation), refreshes them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/query-keys';
import {
  askToSend,
  declineSendRequest,
  getMessageSendRequests,
  getPendingSendRequests,
} from '../../../api/send-requests';

export function useMessageSendRequestsQuery(messageId: string) {
  return useQuery({
    queryKey: [...queryKeys.sendRequests, messageId],
    queryFn: ({ signal }) => getMessageSendRequests(messageId, signal),
  });
}

/** What awaits the admins; only asked for when `enabled` (admins). */
export function usePendingSendRequestsQuery(enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.sendRequests, 'pending'],
    queryFn: ({ signal }) => getPendingSendRequests(signal),
    enabled,
  });
}

export function useAskToSendMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, note }: { messageId: string; note: string }) =>
      askToSend(messageId, note.trim() ? { note: note.trim() } : {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sendRequests }),
  });
}

export function useDeclineSendRequestMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: string; reason: string }) =>
      declineSendRequest(requestId, reason.trim() ? { reason: reason.trim() } : {}),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.sendRequests });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats });
    },
  });
}
