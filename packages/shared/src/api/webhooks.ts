// The endpoint table (decision 0067): Outbound webhooks and their delivery log (decision 0046).
import type { ZOk } from '../auth.js';
import {
  type TWebhookDelivery,
  type ZWebhookDeliveryDetail,
  ZWebhookDeliveryIdParams,
  type ZWebhookDeliveryList,
  ZWebhookDeliveryQuery,
  type ZWebhookEndpoint,
  type ZWebhookEndpointCreated,
  type ZWebhookEndpointList,
  ZWebhookEndpointRequest,
  ZWebhookEndpointUpdate,
  ZWebhookIdParams,
  type ZWebhookSecret,
} from '../outbound-webhooks.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/webhooks */
export const webhooksList = endpoint('GET', '/admin/api/webhooks').returns<typeof ZWebhookEndpointList>();

/** POST /admin/api/webhooks */
export const webhooksCreate = endpoint('POST', '/admin/api/webhooks', {
  body: ZWebhookEndpointRequest,
}).returns<typeof ZWebhookEndpointCreated>();

/** PATCH /admin/api/webhooks/:id */
export const webhooksUpdate = endpoint('PATCH', '/admin/api/webhooks/:id', {
  params: ZWebhookIdParams,
  body: ZWebhookEndpointUpdate,
}).returns<typeof ZWebhookEndpoint>();

/** DELETE /admin/api/webhooks/:id */
export const webhooksRemove = endpoint('DELETE', '/admin/api/webhooks/:id', {
  params: ZWebhookIdParams,
}).returns<typeof ZOk>();

/** POST /admin/api/webhooks/:id/secret/reveal */
export const webhooksRevealSecret = endpoint('POST', '/admin/api/webhooks/:id/secret/reveal', {
  params: ZWebhookIdParams,
}).returns<typeof ZWebhookSecret>();

/** POST /admin/api/webhooks/:id/secret/roll */
export const webhooksRollSecret = endpoint('POST', '/admin/api/webhooks/:id/secret/roll', {
  params: ZWebhookIdParams,
}).returns<typeof ZWebhookSecret>();

/** POST /admin/api/webhooks/:id/test */
export const webhooksTest = endpoint('POST', '/admin/api/webhooks/:id/test', {
  params: ZWebhookIdParams,
}).returns<TWebhookDelivery>();

/** GET /admin/api/webhooks/deliveries */
export const webhooksDeliveries = endpoint('GET', '/admin/api/webhooks/deliveries', {
  query: ZWebhookDeliveryQuery,
}).returns<typeof ZWebhookDeliveryList>();

/** GET /admin/api/webhooks/deliveries/:id */
export const webhooksDelivery = endpoint('GET', '/admin/api/webhooks/deliveries/:id', {
  params: ZWebhookDeliveryIdParams,
}).returns<typeof ZWebhookDeliveryDetail>();

/** POST /admin/api/webhooks/deliveries/:id/replay */
export const webhooksReplay = endpoint('POST', '/admin/api/webhooks/deliveries/:id/replay', {
  params: ZWebhookDeliveryIdParams,
}).returns<TWebhookDelivery>();

/** The area's entries by name. */
export const webhooksEndpoints = {
  list: webhooksList,
  create: webhooksCreate,
  update: webhooksUpdate,
  remove: webhooksRemove,
  revealSecret: webhooksRevealSecret,
  rollSecret: webhooksRollSecret,
  test: webhooksTest,
  deliveries: webhooksDeliveries,
  delivery: webhooksDelivery,
  replay: webhooksReplay,
};
