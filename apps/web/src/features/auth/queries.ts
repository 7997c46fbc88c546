// Auth state: the session query and the login/logout mutations.
import type { TLoginRequest, TSessionUser, TTwoFactorChallenge } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getSession, login, loginTwoFactor, logout } from '../../api/auth';
import { ApiError, hasCsrfCookie } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** The session, or null when signed out. Any non-ok reply means signed out (spec §7). */
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

function signIn(credentials: TLoginRequest): Promise<TSessionUser | TTwoFactorChallenge> {
  return withCsrfCookie(() => login(credentials));
}

export const needsTwoFactorCode = (reply: TSessionUser | TTwoFactorChallenge | undefined) =>
  Boolean(reply && 'twoFactorRequired' in reply);

/** Password step; a user with two-factor on gets `{ twoFactorRequired }` and no session yet. */
export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (reply) => {
      if (!('twoFactorRequired' in reply)) queryClient.setQueryData(queryKeys.session, reply);
    },
  });
}

/** Code step: the session starts once the code is accepted. */
export function useLoginTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => loginTwoFactor(code),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}

/** Signs out, forgets the user and every cached station query even if the call fails, then goes to /. */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => {
      console.warn('Logout failed', error);
    },
    onSettled: async () => {
      // flushSync: leave the admin area at once instead of in a transition that would keep it
      // mounted (and redirect to /admin/login) while the landing page's code downloads.
      await navigate('/', { replace: true, flushSync: true });
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
