// Dashboard state: the stats and alerts, the recent activity, and the latest messages.
import { useQuery } from '@tanstack/react-query';
import { getActivity, getDashboardStats } from '../../api/dashboard';
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
