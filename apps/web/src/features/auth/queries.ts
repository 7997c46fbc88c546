// Auth state: the login/logout mutations (the session query: lib/session.ts).
import type { TLoginRequest, TSessionUser, TTwoFactorChallenge } from '@message-station/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { login, loginTwoFactor, logout } from '../../api/auth';
import { queryKeys } from '../../api/query-keys';
import { forgetDrafts } from '../../lib/draft-keys';
import { withCsrfCookie } from '../../lib/session';

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

/**
 * Signs out, forgets the user, their form drafts in this browser (decision 0076) and every cached
 * station query even if the call fails, then goes to /.
 */
export function useLogoutMutation() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => {
      console.warn('Logout failed', error);
    },
    onSettled: async () => {
      const user = queryClient.getQueryData<TSessionUser | null>(queryKeys.session);
      // flushSync: leave the admin area at once instead of in a transition that would keep it
      // mounted (and redirect to /admin/login) while the landing page's code downloads.
      await navigate('/', { replace: true, flushSync: true });
      // After the forms are gone: one that closes saves what it had (components/use-draft.ts).
      if (user) forgetDrafts(user.id);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
      });
      queryClient.setQueryData(queryKeys.session, null);
    },
  });
}
