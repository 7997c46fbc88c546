// The station's API keys for integrations (issue 23): the list, creating one (the whole key is in
// the mutation's result only, never in the cache) and revoking one.
import type {
  TCreateStationKeyRequest,
  TOk,
  TStationKey,
  TStationKeyCreated,
  TStationKeyScope,
} from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** Under the users' key: what refreshes the Users page refreshes the keys too. */
export const stationKeysQueryKey = [...queryKeys.users, 'station-keys'] as const;
const PATH = '/admin/api/station-keys';

export function useStationKeysQuery() {
  return useQuery({
    queryKey: stationKeysQueryKey,
    queryFn: ({ signal }) => api<TStationKey[]>(PATH, { signal }),
  });
}

export function useCreateStationKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TCreateStationKeyRequest) =>
      api<TStationKeyCreated>(PATH, { method: 'POST', body: request }),
    gcTime: 0,
    onSuccess: ({ station_key }) =>
      queryClient.setQueryData<TStationKey[]>(stationKeysQueryKey, (keys) => [station_key, ...(keys ?? [])]),
  });
}

export function useRevokeStationKeyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<TOk>(`${PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (_reply, id) =>
      queryClient.setQueryData<TStationKey[]>(stationKeysQueryKey, (keys) =>
        keys?.filter((key) => key.id !== id),
      ),
  });
}

/** The locale key of what each scope allows (apiKeys.json; i18next would read ':' as a namespace). */
export const SCOPE_WORDS = {
  'messages:read': 'scopes.messages_read',
  'messages:write': 'scopes.messages_write',
  'sms:send': 'scopes.sms_send',
  'contacts:read': 'scopes.contacts_read',
  'contacts:write': 'scopes.contacts_write',
  'reports:read': 'scopes.reports_read',
} as const satisfies Record<TStationKeyScope, string>;
