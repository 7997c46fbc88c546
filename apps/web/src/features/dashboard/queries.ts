// Dashboard state: the stats and alerts, the recent activity, the latest messages, and a new
// station's first-run checklist.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getActivity, getDashboardStats, getFirstRun, setFirstRunHidden } from '../../api/dashboard';
import { listMessages } from '../../api/messages';
import { queryKeys } from '../../api/query-keys';
import { ACTIVITY_LIMIT, RECENT_MESSAGES_LIMIT } from './dashboard-format';

export function useDashboardStatsQuery() {
  return useQuery({
    queryKey: queryKeys.dashboardStats,
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}

export function useActivityQuery() {
  return useQuery({
    queryKey: [...queryKeys.activity, ACTIVITY_LIMIT],
    queryFn: ({ signal }) => getActivity(ACTIVITY_LIMIT, signal),
  });
}

/** Under the messages key, so every change to a message refreshes it too. */
export function useRecentMessagesQuery() {
  return useQuery({
    queryKey: [...queryKeys.messages, { limit: RECENT_MESSAGES_LIMIT }],
    queryFn: ({ signal }) => listMessages({ limit: RECENT_MESSAGES_LIMIT }, signal),
  });
}

/** Admins only (the server refuses staff): `enabled` false for them. */
export function useFirstRunQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.firstRun,
    queryFn: ({ signal }) => getFirstRun(signal),
    enabled,
    // Steps are taken on other pages: coming back to the dashboard shows them done.
    staleTime: 0,
  });
}

export function useHideFirstRunMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => setFirstRunHidden(true),
    onSuccess: (firstRun) => queryClient.setQueryData(queryKeys.firstRun, firstRun),
  });
}
