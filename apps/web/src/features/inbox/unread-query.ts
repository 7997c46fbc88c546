// The inbox's unread total, for the nav badge: apart from queries.ts so the admin frame carries
// one query and no mutations.
import { useQuery } from '@tanstack/react-query';
import { getInboxUnread } from '../../api/inbox';
import { queryKeys } from '../../api/query-keys';

export function useInboxUnreadQuery(enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.inbox, 'unread'],
    queryFn: ({ signal }) => getInboxUnread(signal),
    enabled,
  });
}
