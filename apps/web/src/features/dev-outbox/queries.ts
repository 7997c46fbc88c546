// The dev outbox list, polled every 3 seconds while the outbox is on.
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { getOutbox } from '../../api/dev-outbox';
import { queryKeys } from '../../api/query-keys';

export const OUTBOX_REFRESH_MS = 3000;

/** 404: the server sends through a real provider, so there is no outbox to show. */
export function isOutboxOff(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useOutboxQuery() {
  return useQuery({
    queryKey: queryKeys.devOutbox,
    queryFn: ({ signal }) => getOutbox(signal),
    staleTime: 0,
    refetchInterval: (query) => (isOutboxOff(query.state.error) ? false : OUTBOX_REFRESH_MS),
  });
}
