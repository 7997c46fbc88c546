// The session query, and the CSRF cookie a visitor's first state-changing call needs.
import type { TSessionUser } from '@message-station/shared';
import { useQuery } from '@tanstack/react-query';
import { getSession } from '../api/auth';
import { ApiError, hasCsrfCookie } from '../api/client';
import { queryKeys } from '../api/query-keys';

/**
 * The session, or null when signed out: the server says so with null (decision 0078); any
 * non-ok reply means signed out too.
 */
export async function fetchSessionUser(signal?: AbortSignal): Promise<TSessionUser | null> {
  try {
    return await getSession(signal);
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0) return null;
    throw error;
  }
}

export const sessionQueryOptions = {
  queryKey: queryKeys.session,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchSessionUser(signal),
  staleTime: 60_000,
  retry: 1,
};

export function useSessionQuery() {
  return useQuery(sessionQueryOptions);
}

/** The server refuses a POST without the CSRF cookie it hands out on GET /auth/session. */
async function ensureCsrfCookie(): Promise<void> {
  if (hasCsrfCookie()) return;
  await fetchSessionUser().catch(() => null);
}

/** Runs a state-changing call that a visitor may make before any session exists (login, signup). */
export async function withCsrfCookie<T>(call: () => Promise<T>): Promise<T> {
  await ensureCsrfCookie();
  try {
    return await call();
  } catch (error) {
    // A stale CSRF cookie (expired or rotated): fetch a fresh one and try once more.
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    await fetchSessionUser().catch(() => null);
    return call();
  }
}
