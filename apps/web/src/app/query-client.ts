import { ACCOUNT_ERROR_CODES } from '@message-station/shared';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** The station began to require two-factor sign-in for admins, and this admin has none yet. */
function needsTwoFactorSetup(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 403 &&
    (error.body as { code?: unknown } | undefined)?.code === ACCOUNT_ERROR_CODES.setupRequired
  );
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      // The session is read again: it says so, and the admin area sends the admin to set it up.
      onError: (error) => {
        if (needsTwoFactorSetup(error)) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; network and 5xx failures may.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
