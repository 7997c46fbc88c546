// GET and PUT /admin/api/station/settings: admins only.
import {
  stationSaveSettings,
  stationSettings,
  ZErrorResponse,
  ZStationSettings,
  ZStationSettingsRequest,
  ZStationSettingsResponse,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditStation } from '../../platform/audit-rule.js';
import { authOf } from '../../platform/guards.js';
import { staffFacts } from '../../service-context.js';
import {
  readStationSettings,
  saveStationSettings,
  type TCountStationAdmins,
  type TMoveLanguagesOutside,
} from './settings.js';

/** What these routes use from the deps, handed over as the plugin's options. */
export type TStationSettingsRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'guards' | 'now' | 'stationTranslation'
> & { moveLanguagesOutside: TMoveLanguagesOutside; countStationAdmins: TCountStationAdmins };

export const stationSettingsRoutes: FastifyPluginAsyncZod<TStationSettingsRoutesDeps> = async (
  fastify,
  deps,
) => {
  fastify.get(
    stationSettings.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "The station's settings",
        response: { 200: ZStationSettings, 403: ZErrorResponse },
      },
    },
    async (request) =>
      readStationSettings(
        deps.db,
        { publicUrl: deps.config.publicUrl, countStationAdmins: deps.countStationAdmins },
        authOf(request).stationId,
      ),
  );

  fastify.put(
    stationSaveSettings.path,
    {
      config: audit({
        action: 'settings.updated',
        target: 'station',
        targetId: auditStation,
        // The handler hands the settings before (read under the station's lock in the save's
        // transaction) and after (`request.audit`).
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary:
          'Save branding, languages, the SMS switch and public subscriptions; 409 approval_needs_two_admins holding a type for approval with fewer than two admins',
        body: ZStationSettingsRequest,
        response: {
          200: ZStationSettingsResponse,
          400: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) =>
      saveStationSettings(
        {
          ...staffFacts(deps, request),
          config: deps.config,
          translation: deps.stationTranslation.forStation(authOf(request).stationId),
          log: request.log,
          moveLanguagesOutside: deps.moveLanguagesOutside,
          countStationAdmins: deps.countStationAdmins,
        },
        request.body,
        request.audit,
      ),
  );
};
