// GET and PUT /admin/api/station/settings (spec §7): admins only.
import {
  ZErrorResponse,
  ZStationSettings,
  ZStationSettingsRequest,
  ZStationSettingsResponse,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { authOf } from '../../platform/guards.js';
import { staffFacts } from '../../service-context.js';
import { getStationSettings, saveStationSettings } from './settings.js';

/** What these routes use from the deps, handed over as the plugin's options. */
export type TStationSettingsRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'guards' | 'now' | 'stationTranslation'
>;

export const stationSettingsRoutes: FastifyPluginAsyncZod<TStationSettingsRoutesDeps> = async (
  fastify,
  deps,
) => {
  fastify.get(
    '/admin/api/station/settings',
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "The station's settings",
        response: { 200: ZStationSettings, 403: ZErrorResponse },
      },
    },
    async (request) => getStationSettings(deps.db, deps.config.publicUrl, authOf(request).stationId),
  );

  fastify.put(
    '/admin/api/station/settings',
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: 'Save branding, languages, the SMS switch and public subscriptions',
        body: ZStationSettingsRequest,
        response: { 200: ZStationSettingsResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) =>
      saveStationSettings(
        {
          ...staffFacts(deps, request),
          config: deps.config,
          translation: deps.stationTranslation.forStation(authOf(request).stationId),
          log: request.log,
        },
        request.body,
      ),
  );
};
