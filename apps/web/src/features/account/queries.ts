// My Account state: the account (second factor, station security) and its sessions, and the changes
// the user makes to them.
import type { TAccount, TSessionUser } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePassword,
  disableTwoFactor,
  enableTwoFactor,
  getAccount,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  setStationSecurity,
  startTwoFactorSetup,
} from '../../api/account';
import { queryKeys } from '../../api/query-keys';

export function useAccountQuery() {
  return useQuery({ queryKey: queryKeys.account, queryFn: ({ signal }) => getAccount(signal) });
}

export function useAccountSessionsQuery() {
  return useQuery({ queryKey: queryKeys.accountSessions, queryFn: ({ signal }) => listSessions(signal) });
}

/** Each of these changes the sessions list or the account: both are read again. */
function useAccountMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
}

export const useChangePasswordMutation = () => useAccountMutation(changePassword);
export const useRevokeSessionMutation = () => useAccountMutation(revokeSession);
export const useRevokeOtherSessionsMutation = () => useAccountMutation(revokeOtherSessions);
export const useStartTwoFactorSetupMutation = () => useMutation({ mutationFn: startTwoFactorSetup });
export const useDisableTwoFactorMutation = () => useAccountMutation(disableTwoFactor);

/** On: the session is read again too, so a required setup stops holding the admin area. */
export function useEnableTwoFactorMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: async () => {
      queryClient.setQueryData<TSessionUser | null>(queryKeys.session, (user) =>
        user ? { ...user, twoFactorSetupRequired: false } : user,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

export function useStationSecurityMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStationSecurity,
    onSuccess: (security) => {
      queryClient.setQueryData<TAccount>(queryKeys.account, (account) =>
        account?.station ? { ...account, station: security } : account,
      );
    },
  });
}
