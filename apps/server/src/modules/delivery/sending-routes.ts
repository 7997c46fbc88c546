// The operator gives a station its own sending number and 10DLC pace (decision 0016): superadmin
// only, like the other /admin/api/superadmin calls.
import {
  superadminSaveSmsSending,
  superadminSmsSending,
  ZErrorResponse,
  ZStationIdParams,
  ZStationSmsSending,
  ZStationSmsSendingResponse,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditParams } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { setStationSending, stationSending } from './lanes.js';

const refused = { 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** What these routes use from the deps, handed over as the plugin's options. */
export type TStationSendingRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards'>;

export const stationSendingRoutes: FastifyPluginAsyncZod<TStationSendingRoutesDeps> = async (
  fastify,
  deps,
) => {
  const guard = { onRequest: deps.guards.requireSuperadmin };
  const serviceRate = deps.config.sms.ratePerSecond;

  fastify.get(
    superadminSmsSending.path,
    {
      ...guard,
      schema: {
        tags: ['superadmin'],
        summary: "A station's own SMS sender and pace, and the pace it sends at",
        ...endpointSchema(superadminSmsSending),
        response: { 200: ZStationSmsSendingResponse, ...refused },
      },
    },
    async (request) => stationSending(deps.db, request.params.id, serviceRate),
  );

  fastify.put(
    superadminSaveSmsSending.path,
    {
      config: audit({
        action: 'sms_sending.updated',
        target: 'station',
        station: (call) => auditParams(call).id ?? null,
        // The handler hands the sending before (under the row's lock, in its transaction) and after.
      }),
      ...guard,
      schema: {
        tags: ['superadmin'],
        summary: "Set or clear a station's own SMS sender (number or Messaging Service) and its rate",
        params: ZStationIdParams,
        body: ZStationSmsSending,
        response: { 200: ZStationSmsSendingResponse, 400: ZErrorResponse, ...refused },
      },
    },
    async (request) =>
      setStationSending(deps.db, request.params.id, request.body, serviceRate, request.audit),
  );
};
