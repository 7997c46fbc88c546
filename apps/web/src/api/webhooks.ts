// Typed calls of outbound webhooks (decision 0046): the station's endpoints, their secrets, test
// events, and the delivery log with its replays.
import {
  type TWebhookDelivery,
  type TWebhookDeliveryDetail,
  type TWebhookDeliveryList,
  type TWebhookEndpoint,
  type TWebhookEndpointCreated,
  type TWebhookEndpointList,
  type TWebhookEndpointRequest,
  type TWebhookEndpointUpdate,
  type TWebhookSecret,
  webhooksCreate,
  webhooksDeliveries,
  webhooksDelivery,
  webhooksList,
  webhooksRemove,
  webhooksReplay,
  webhooksRevealSecret,
  webhooksRollSecret,
  webhooksTest,
  webhooksUpdate,
} from '@message-station/shared';
import { call, type TQueryOf } from './call';

/** The log's filters; a value left empty is not sent. */
export type TDeliveryFilter = { endpoint_id?: string; status?: string; event_type?: string };

export function listWebhookEndpoints(signal?: AbortSignal): Promise<TWebhookEndpointList> {
  return call(webhooksList, { signal });
}

/** The log, newest first: `limit` deliveries older than `beforeId` (the oldest one shown). */
export function listWebhookDeliveries(
  filter: TDeliveryFilter,
  page: { limit: number; beforeId: string | null },
  signal?: AbortSignal,
): Promise<TWebhookDeliveryList> {
  // The filter's values come from selects; the server checks them.
  const query = { ...filter, limit: page.limit, before_id: page.beforeId } as TQueryOf<
    typeof webhooksDeliveries
  >;
  return call(webhooksDeliveries, { query, signal });
}

export function getWebhookDelivery(id: string, signal?: AbortSignal): Promise<TWebhookDeliveryDetail> {
  return call(webhooksDelivery, { params: { id }, signal });
}

export function createWebhookEndpoint(input: TWebhookEndpointRequest): Promise<TWebhookEndpointCreated> {
  return call(webhooksCreate, { body: input });
}

export function updateWebhookEndpoint(id: string, input: TWebhookEndpointUpdate): Promise<TWebhookEndpoint> {
  return call(webhooksUpdate, { params: { id }, body: input });
}

export function deleteWebhookEndpoint(id: string): Promise<{ ok: true }> {
  return call(webhooksRemove, { params: { id } });
}

/** `reveal` shows the signing secret; `roll` replaces it. */
export function webhookSecret(id: string, action: 'reveal' | 'roll'): Promise<TWebhookSecret> {
  return call(action === 'reveal' ? webhooksRevealSecret : webhooksRollSecret, { params: { id } });
}

export function sendWebhookTest(id: string): Promise<TWebhookDelivery> {
  return call(webhooksTest, { params: { id } });
}

export function replayWebhookDelivery(id: string): Promise<TWebhookDelivery> {
  return call(webhooksReplay, { params: { id } });
}
