// Users page state: the station's users, and the changes an admin makes to them and their API keys.
import type { TStationUser, TUpdateUserRequest, TUserInvitation } from '@message-station/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  createUser,
  deleteUser,
  generateApiKey,
  listInvitations,
  requestPasswordReset,
  resendInvitation,
  revokeApiKey,
  revokeInvitation,
  updateUser,
} from '../../api/users';

/** Puts the server's copy of a user into the cached list. */
function replaceUser(queryClient: QueryClient, user: TStationUser) {
  queryClient.setQueryData<TStationUser[]>(queryKeys.users, (users) =>
    users?.map((current) => (current.id === user.id ? user : current)),
  );
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: TUpdateUserRequest }) => updateUser(id, request),
    onSuccess: (user) => replaceUser(queryClient, user),
  });
}

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_reply, id) => {
      queryClient.setQueryData<TStationUser[]>(queryKeys.users, (users) =>
        users?.filter((user) => user.id !== id),
      );
    },
  });
}

/** The full key stays in this mutation's result only: the cached list keeps the visible start. */
export function useGenerateApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateApiKey,
    gcTime: 0,
    onSuccess: ({ user }) => replaceUser(queryClient, user),
  });
}

export function useRevokeApiKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (user) => replaceUser(queryClient, user),
  });
}

export function usePasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useInvitationsQuery() {
  return useQuery({
    queryKey: queryKeys.invitations,
    queryFn: ({ signal }) => listInvitations(signal),
  });
}

export function useResendInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (invitation) =>
      queryClient.setQueryData<TUserInvitation[]>(queryKeys.invitations, (list) =>
        list?.map((current) => (current.id === invitation.id ? invitation : current)),
      ),
  });
}

export function useRevokeInvitationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSuccess: (_reply, id) =>
      queryClient.setQueryData<TUserInvitation[]>(queryKeys.invitations, (list) =>
        list?.filter((invitation) => invitation.id !== id),
      ),
  });
}
