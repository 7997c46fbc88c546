// The endpoint table (decision 0067): a standard user's request that the admins send a message
// (decision 0077).
import { ZMessageIdParams, ZSendRequestIdParams } from '../id-params.js';
import {
  type ZMessageSendRequests,
  ZSendRequestCreate,
  ZSendRequestDecline,
  type ZSendRequestQueue,
  ZSendRequestsQuery,
  type ZSendRequestView,
} from '../send-requests.js';
import { endpoint } from './endpoint.js';

/** GET /admin/api/messages/:id/send-requests */
export const sendRequestsOfMessage = endpoint('GET', '/admin/api/messages/:id/send-requests', {
  params: ZMessageIdParams,
}).returns<typeof ZMessageSendRequests>();

/** POST /admin/api/messages/:id/send-requests */
export const sendRequestsCreate = endpoint('POST', '/admin/api/messages/:id/send-requests', {
  params: ZMessageIdParams,
  body: ZSendRequestCreate,
}).returns<typeof ZSendRequestView>();

/** POST /admin/api/send-requests/:id/decline */
export const sendRequestsDecline = endpoint('POST', '/admin/api/send-requests/:id/decline', {
  params: ZSendRequestIdParams,
  body: ZSendRequestDecline,
}).returns<typeof ZSendRequestView>();

/** GET /admin/api/send-requests */
export const sendRequestsQueue = endpoint('GET', '/admin/api/send-requests', {
  query: ZSendRequestsQuery,
}).returns<typeof ZSendRequestQueue>();

/** The area's entries by name. */
export const sendRequestsEndpoints = {
  ofMessage: sendRequestsOfMessage,
  create: sendRequestsCreate,
  decline: sendRequestsDecline,
  queue: sendRequestsQueue,
};
