// GET and PUT /admin/api/settings/sms-texts: a station's own wording of the opt-in confirmation and
// the HELP reply per language (issue 16). Admins only.
import {
  ERROR_STATUS,
  stationSmsTextErrorText,
  ZErrorResponse,
  ZStationSmsTextError,
  ZStationSmsTextRequest,
  ZStationSmsTexts,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import { listSmsTexts, saveSmsText } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TSmsTextRoutesDeps = Pick<TAppContext, 'config' | 'db' | 'guards' | 'now'>;

export const smsTextRoutes: FastifyPluginAsyncZod<TSmsTextRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({ ...staffFacts(deps, request), config: deps.config });
  fastify.get(
    '/admin/api/settings/sms-texts',
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
    '/admin/api/settings/sms-texts',
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary:
          "Set the station's own wording of one text in one language, or (text: null) go back to the default",
        body: ZStationSmsTextRequest,
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
