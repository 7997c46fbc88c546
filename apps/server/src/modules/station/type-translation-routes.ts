// Settings → Message Types per language: every type's wording in every supported
// language, and staff's own words for one of them. Admins only.
import {
  stationSaveTypeTranslation,
  stationTypeTranslations,
  ZErrorResponse,
  ZTypeTranslationList,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, auditParams } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { authOf } from '../../platform/guards.js';
import { staffFacts } from '../../service-context.js';
import { listTypeTranslations, saveStaffWording } from './type-translations.js';

/** What these routes use from the deps, handed over as the plugin's options. */
export type TTypeTranslationRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now' | 'stationTranslation'>;

export const typeTranslationRoutes: FastifyPluginAsyncZod<TTypeTranslationRoutesDeps> = async (
  fastify,
  deps,
) => {
  fastify.get(
    stationTypeTranslations.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "Each message type's name and description in each of the station's languages",
        response: { 200: ZTypeTranslationList, 403: ZErrorResponse },
      },
    },
    async (request) => listTypeTranslations(staffFacts(deps, request)),
  );

  fastify.put(
    stationSaveTypeTranslation.path,
    {
      config: audit({
        action: 'message_type.wording_edited',
        target: 'message_type',
        details: (call) => ({
          label: auditBody(call).display_name ?? null,
          language: auditParams(call).language ?? null,
        }),
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary:
          "Staff's name and description of a type in one language (in the primary language, the others are translated again)",
        ...endpointSchema(stationSaveTypeTranslation),
        response: {
          200: ZTypeTranslationList,
          400: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) =>
      saveStaffWording(
        {
          ...staffFacts(deps, request),
          translation: deps.stationTranslation.forStation(authOf(request).stationId),
          log: request.log,
        },
        {
          typeId: request.params.id,
          language: request.params.language,
          wording: { displayName: request.body.display_name, description: request.body.description },
        },
      ),
  );
};
