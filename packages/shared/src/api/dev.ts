// The endpoint table (decision 0067): Development-only tools: the simulated inbound SMS and the outbox.
import { type ZOutboxList, ZOutboxQuery } from '../dev-outbox.js';
import { ZDevInboundRequest, type ZDevInboundResponse } from '../subscribers.js';
import { endpoint } from './endpoint.js';

/** POST /dev/api/inbound */
export const devInbound = endpoint('POST', '/dev/api/inbound', { body: ZDevInboundRequest }).returns<
  typeof ZDevInboundResponse
>();

/** GET /dev/api/outbox */
export const devOutbox = endpoint('GET', '/dev/api/outbox', { query: ZOutboxQuery }).returns<
  typeof ZOutboxList
>();

/** The area's entries by name. */
export const devEndpoints = {
  inbound: devInbound,
  outbox: devOutbox,
};
