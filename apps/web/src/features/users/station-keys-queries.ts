// The station's API keys for integrations: the list, creating one (the whole key is in
// the mutation's result only, never in the cache) and revoking one.
import type { TStationKey, TStationKeyScope } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import { createStationKey, listStationKeys, revokeStationKey } from '../../api/station-keys';

/** Under the users' key: what refreshes the Users page refreshes the keys too. */
export const stationKeysQueryKey = [...queryKeys.users, 'station-keys'] as const;

export function useStationKeysQuery() {
  return useQuery({
    queryKey: stationKeysQueryKey,
    queryFn: ({ signal }) => listStationKeys(signal),
  });
}

export function useCreateStationKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStationKey,
    gcTime: 0,
    onSuccess: ({ station_key }) =>
      queryClient.setQueryData<TStationKey[]>(stationKeysQueryKey, (keys) => [station_key, ...(keys ?? [])]),
  });
}

export function useRevokeStationKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeStationKey,
    onSuccess: (_reply, id) =>
      queryClient.setQueryData<TStationKey[]>(stationKeysQueryKey, (keys) =>
        keys?.filter((key) => key.id !== id),
      ),
  });
}

/** The locale key of what each scope allows (apiKeys.json; the translator would read ':' as a namespace). */
export const SCOPE_WORDS = {
  'messages:read': 'scopes.messages_read',
  'messages:write': 'scopes.messages_write',
  'sms:send': 'scopes.sms_send',
  'contacts:read': 'scopes.contacts_read',
  'contacts:write': 'scopes.contacts_write',
  'reports:read': 'scopes.reports_read',
} as const satisfies Record<TStationKeyScope, string>;
