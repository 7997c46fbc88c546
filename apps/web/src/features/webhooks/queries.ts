// Webhooks state (issue 23): the station's endpoints, their secrets, and the delivery log. A change
// to an endpoint refreshes the list; a test event or replay refreshes the log, which also polls
// while deliveries are pending.
import type {
  TWebhookDelivery,
  TWebhookDeliveryDetail,
  TWebhookDeliveryList,
  TWebhookEndpoint,
  TWebhookEndpointCreated,
  TWebhookEndpointList,
  TWebhookEndpointRequest,
  TWebhookEndpointUpdate,
  TWebhookSecret,
} from '@message-station/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../api/client';

export type TDeliveryFilter = { endpoint_id?: string; status?: string; event_type?: string };

const keys = {
  all: ['admin', 'webhooks'] as const,
  endpoints: ['admin', 'webhooks', 'endpoints'] as const,
  deliveries: (filter: TDeliveryFilter) => ['admin', 'webhooks', 'deliveries', filter] as const,
  delivery: (id: string) => ['admin', 'webhooks', 'delivery', id] as const,
};

const endpointPath = (id: string) => `/admin/api/webhooks/${encodeURIComponent(id)}`;
const deliveryPath = (id: string) => `/admin/api/webhooks/deliveries/${encodeURIComponent(id)}`;

export function useWebhookEndpointsQuery() {
  return useQuery({
    queryKey: keys.endpoints,
    queryFn: ({ signal }) => api<TWebhookEndpointList>('/admin/api/webhooks', { signal }),
  });
}

const PAGE = 50;

/** The log, newest first, a page at a time (`before_id`: the oldest delivery shown). */
export function useWebhookDeliveriesQuery(filter: TDeliveryFilter) {
  return useInfiniteQuery({
    queryKey: keys.deliveries(filter),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const search = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
      search.set('limit', String(PAGE));
      if (pageParam) search.set('before_id', pageParam);
      return api<TWebhookDeliveryList>(`/admin/api/webhooks/deliveries?${search.toString()}`, { signal });
    },
    getNextPageParam: (last) => (last.deliveries.length < PAGE ? null : (last.deliveries.at(-1)?.id ?? null)),
    placeholderData: keepPreviousData,
    // While something waits to be sent, the log follows it.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.deliveries.some((d) => d.status === 'pending' || d.status === 'sending'),
      )
        ? 3000
        : false,
  });
}

export function useWebhookDeliveryQuery(id: string | null) {
  return useQuery({
    queryKey: keys.delivery(id ?? ''),
    queryFn: ({ signal }) => api<TWebhookDeliveryDetail>(deliveryPath(id ?? ''), { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || query.state.data?.status === 'sending' ? 3000 : false,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useSaveWebhookMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TWebhookEndpointRequest }) =>
      id
        ? api<TWebhookEndpoint>(endpointPath(id), { method: 'PATCH', body: input })
        : api<TWebhookEndpointCreated>('/admin/api/webhooks', { method: 'POST', body: input }),
    onSuccess: () => refresh(),
  });
}

export function useSwitchWebhookMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api<TWebhookEndpoint>(endpointPath(id), {
        method: 'PATCH',
        body: { enabled } satisfies TWebhookEndpointUpdate,
      }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteWebhookMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ ok: true }>(endpointPath(id), { method: 'DELETE' }),
    onSuccess: () => refresh(),
  });
}

export function useWebhookSecretMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'reveal' | 'roll' }) =>
      api<TWebhookSecret>(`${endpointPath(id)}/secret/${action}`, { method: 'POST' }),
    onSuccess: (_secret, { action }) => (action === 'roll' ? refresh() : undefined),
  });
}

export function useSendTestMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<TWebhookDelivery>(`${endpointPath(id)}/test`, { method: 'POST' }),
    onSuccess: () => refresh(),
  });
}

export function useReplayMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<TWebhookDelivery>(`${deliveryPath(id)}/replay`, { method: 'POST' }),
    onSuccess: () => refresh(),
  });
}
