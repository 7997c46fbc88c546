// Texts held after a restore (decision 0055): staff see how many of a message's texts (or the
// station's) wait for a decision; an admin sends them (only those the provider does not have) or
// cancels them. Station-scoped: another station's message answers 404.
import {
  deliveryHeldForMessage,
  deliveryHeldForStation,
  ZErrorResponse,
  ZHeldAfterRestore,
  ZHeldDecisionResult,
  ZMessageIdParams,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { heldTextsAudit } from '../messages/audit-service.js';
import { decideHeldTexts, messageHeldTexts, stationHeldTexts } from './restore-holds.js';
import type { TDispatchQueue } from './worker.js';

const refused = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

export type THeldAfterRestoreRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'events' | 'guards' | 'now' | 'sms'
> & { dispatch: TDispatchQueue };

export const heldAfterRestoreRoutes: FastifyPluginAsyncZod<THeldAfterRestoreRoutesDeps> = async (
  fastify,
  deps,
) => {
  fastify.get(
    deliveryHeldForStation.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['delivery'],
        summary: "The station's texts held after a restore of the database, per message",
        response: { 200: ZHeldAfterRestore, ...refused },
      },
    },
    async (request) => stationHeldTexts(staffFacts(deps, request)),
  );

  fastify.get(
    deliveryHeldForMessage.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['delivery'],
        summary: "The message's texts held after a restore of the database, waiting for an admin",
        ...endpointSchema(deliveryHeldForMessage),
        response: { 200: ZHeldAfterRestore, ...refused },
      },
    },
    async (request) => messageHeldTexts(staffFacts(deps, request), request.params.id),
  );

  for (const action of ['send', 'cancel'] as const) {
    fastify.post(
      `/admin/api/messages/:id/held-after-restore/${action}`,
      {
        config: audit(
          heldTextsAudit(
            deps.db,
            action === 'send' ? 'message.held_texts_sent' : 'message.held_texts_cancelled',
          ),
        ),
        onRequest: deps.guards.requireAdmin,
        schema: {
          tags: ['delivery'],
          summary:
            action === 'send'
              ? 'Send the held texts the SMS provider does not have (it is asked first; 503 when it cannot say)'
              : 'Cancel the held texts: none is sent, those the provider does not have are refunded',
          params: ZMessageIdParams,
          response: { 200: ZHeldDecisionResult, 503: ZErrorResponse, ...refused },
        },
      },
      async (request) =>
        decideHeldTexts(
          { ...staffFacts(deps, request), log: request.log },
          {
            sms: deps.sms,
            dispatch: deps.dispatch,
            events: deps.events,
            serviceRate: deps.config.sms.ratePerSecond,
          },
          request.params.id,
          action,
        ),
    );
  }
};
