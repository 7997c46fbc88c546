// GET and PUT /admin/api/settings/sms-texts: a station's own wording of the opt-in confirmation and
// the HELP reply per language. Admins only.
import {
  ERROR_STATUS,
  stationSaveSmsText,
  stationSmsTextErrorText,
  stationSmsTexts,
  ZErrorResponse,
  ZStationSmsTextError,
  ZStationSmsTexts,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, auditStation } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { listSmsTexts, saveSmsText } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TSmsTextRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'>;

export const smsTextRoutes: FastifyPluginAsyncZod<TSmsTextRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({ ...staffFacts(deps, request), config: deps.config });
  fastify.get(
    stationSmsTexts.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "The opt-in confirmation and HELP texts in each of the station's languages",
        response: { 200: ZStationSmsTexts, 403: ZErrorResponse },
      },
    },
    async (request) => listSmsTexts(context(request)),
  );

  fastify.put(
    stationSaveSmsText.path,
    {
      config: audit({
        action: 'settings.sms_text_updated',
        target: 'station',
        targetId: auditStation,
        details: (call) => {
          const body = auditBody(call);
          return { label: `${String(body.kind)} (${String(body.language)})`, reset: body.text === null };
        },
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary:
          "Set the station's own wording of one text in one language, or (text: null) go back to the default",
        ...endpointSchema(stationSaveSmsText),
        response: { 200: ZStationSmsTexts, 400: ZStationSmsTextError, 403: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const outcome = await saveSmsText(context(request), request.body);
      if (!outcome.ok) {
        const { problem } = outcome;
        return reply
          .status(ERROR_STATUS[problem.code])
          .send({ error: stationSmsTextErrorText(problem), code: problem.code, params: problem.params });
      }
      return outcome.texts;
    },
  );
};
