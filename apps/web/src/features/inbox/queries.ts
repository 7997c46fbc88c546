// The inbox's query hooks: conversations, unread total, a thread, reading it, a reply's preview
// and sending it, and the auto-reply switch. Every key is under queryKeys.inbox, which the live
// stream refreshes.
import type { TInboxReplyPreviewRequest, TInboxReplyRequest, TInboxSettings } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getInbox,
  getInboxSettings,
  getInboxThread,
  markInboxRead,
  previewInboxReply,
  saveInboxSettings,
  sendInboxReply,
} from '../../api/inbox';
import { queryKeys } from '../../api/query-keys';

const settingsKey = [...queryKeys.inbox, 'settings'] as const;

export function useInboxQuery() {
  return useQuery({ queryKey: [...queryKeys.inbox, 'list'], queryFn: ({ signal }) => getInbox(signal) });
}

export function useInboxThreadQuery(id: string | null) {
  return useQuery({
    queryKey: [...queryKeys.inbox, 'thread', id],
    queryFn: ({ signal }) => getInboxThread(id as string, signal),
    enabled: id !== null,
  });
}

export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markInboxRead(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inbox }),
  });
}

export function useReplyPreviewMutation(id: string) {
  return useMutation({ mutationFn: (request: TInboxReplyPreviewRequest) => previewInboxReply(id, request) });
}

export function useSendReplyMutation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TInboxReplyRequest) => sendInboxReply(id, request),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.inbox });
      // The credits shown elsewhere (dashboard, billing) changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminStation, exact: true });
    },
  });
}

export function useInboxSettingsQuery() {
  return useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => getInboxSettings(signal) });
}

export function useSaveInboxSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TInboxSettings) => saveInboxSettings(settings),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
