// Webhooks state: the station's endpoints, their secrets, and the delivery log. A change
// to an endpoint refreshes the list; a test event or replay refreshes the log, which also polls
// while deliveries are pending.
import type { TWebhookEndpointRequest } from '@message-station/shared';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  sendWebhookTest,
  type TDeliveryFilter,
  updateWebhookEndpoint,
  webhookSecret,
} from '../../api/webhooks';

export type { TDeliveryFilter } from '../../api/webhooks';

const keys = {
  all: ['admin', 'webhooks'] as const,
  endpoints: ['admin', 'webhooks', 'endpoints'] as const,
  deliveries: (filter: TDeliveryFilter) => ['admin', 'webhooks', 'deliveries', filter] as const,
  delivery: (id: string) => ['admin', 'webhooks', 'delivery', id] as const,
};

export function useWebhookEndpointsQuery() {
  return useQuery({
    queryKey: keys.endpoints,
    queryFn: ({ signal }) => listWebhookEndpoints(signal),
  });
}

const PAGE = 50;

/** The log, newest first, a page at a time (`before_id`: the oldest delivery shown). */
export function useWebhookDeliveriesQuery(filter: TDeliveryFilter) {
  return useInfiniteQuery({
    queryKey: keys.deliveries(filter),
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      listWebhookDeliveries(filter, { limit: PAGE, beforeId: pageParam }, signal),
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
    queryFn: ({ signal }) => getWebhookDelivery(id ?? '', signal),
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
      id ? updateWebhookEndpoint(id, input) : createWebhookEndpoint(input),
    onSuccess: () => refresh(),
  });
}

export function useSwitchWebhookMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => updateWebhookEndpoint(id, { enabled }),
    onSuccess: () => refresh(),
  });
}

export function useDeleteWebhookMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: () => refresh(),
  });
}

export function useWebhookSecretMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'reveal' | 'roll' }) => webhookSecret(id, action),
    onSuccess: (_secret, { action }) => (action === 'roll' ? refresh() : undefined),
  });
}

export function useSendTestMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: sendWebhookTest,
    onSuccess: () => refresh(),
  });
}

export function useReplayMutation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: () => refresh(),
  });
}
