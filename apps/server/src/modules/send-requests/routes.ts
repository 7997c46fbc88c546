// /admin/api/messages/{id}/send-requests and /admin/api/send-requests: a standard user's request
// that the admins send a message, an admin's Decline, and what awaits the admins (decision 0077).
// An admin answers a request by sending the message (POST /admin/api/messages/{id}/send-sms).
import {
  sendRequestsCreate,
  sendRequestsDecline,
  sendRequestsOfMessage,
  sendRequestsQueue,
  ZErrorResponse,
  ZMessageSendRequests,
  ZSendRequestQueue,
  ZSendRequestView,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { declineRequest, listMessageRequests, listRequestQueue, requestSend } from './service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const changeErrors = { ...errors, 409: ZErrorResponse };
// Written by the service in the step's own transaction, like approvals' steps (decision 0039).
const recordedByService = notAudited('Recorded by the send-requests service in its transaction.');

/** What these routes use from the app, handed over as the plugin's options. */
export type TSendRequestRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'email' | 'events' | 'guards' | 'now'
>;

export const sendRequestRoutes: FastifyPluginAsyncZod<TSendRequestRoutesDeps> = async (fastify, deps) => {
  // Any staff member reads a message's requests; the service says who may ask and who may decline.
  const guard = { onRequest: deps.guards.requireUser };
  const changed = (stationId: string, messageId: string) =>
    deps.events.publish({ stationId, type: 'message_updated', data: { message_id: messageId } });

  fastify.get(
    sendRequestsOfMessage.path,
    {
      ...guard,
      schema: {
        tags: ['send-requests'],
        summary: "A message's requests to send, newest first: who asked, and who sent or declined it",
        ...endpointSchema(sendRequestsOfMessage),
        response: { 200: ZMessageSendRequests, ...errors },
      },
    },
    async (request) => listMessageRequests(staffFacts(deps, request), request.params.id),
  );

  fastify.post(
    sendRequestsCreate.path,
    {
      config: recordedByService,
      ...guard,
      schema: {
        tags: ['send-requests'],
        summary:
          'A standard user asks the admins to send the message (each gets an email); 409 send_request_pending while one waits, send_request_by_admin for an admin',
        ...endpointSchema(sendRequestsCreate),
        response: { 201: ZSendRequestView, ...changeErrors },
      },
    },
    async (request, reply) => {
      const facts = staffFacts(deps, request);
      const created = await requestSend(
        { ...facts, email: deps.email, config: deps.config, log: request.log },
        request.params.id,
        request.body,
      );
      await changed(facts.stationId, request.params.id);
      return reply.status(201).send(created);
    },
  );

  fastify.post(
    sendRequestsDecline.path,
    {
      config: recordedByService,
      ...guard,
      schema: {
        tags: ['send-requests'],
        summary:
          'An admin declines a pending request, with an optional reason the requester reads (they get an email); 409 send_request_decided once answered',
        ...endpointSchema(sendRequestsDecline),
        response: { 200: ZSendRequestView, ...changeErrors },
      },
    },
    async (request) => {
      const facts = staffFacts(deps, request);
      const declined = await declineRequest(
        { ...facts, email: deps.email, config: deps.config, log: request.log },
        request.params.id,
        request.body,
      );
      await changed(facts.stationId, declined.message_id);
      return declined;
    },
  );

  fastify.get(
    sendRequestsQueue.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['send-requests'],
        summary: "The station's requests to send in one state (pending by default), newest first",
        ...endpointSchema(sendRequestsQueue),
        response: { 200: ZSendRequestQueue, ...errors },
      },
    },
    async (request) => listRequestQueue(staffFacts(deps, request), request.query),
  );
};
