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
import { getStationSettings, saveStationSettings } from './settings.js';

export const stationSettingsRoutes =
  (app: TAppContext): FastifyPluginAsyncZod =>
  async (fastify) => {
    fastify.get(
      '/admin/api/station/settings',
      {
        onRequest: app.guards.requireAdmin,
        schema: {
          tags: ['station'],
          summary: "The station's settings",
          response: { 200: ZStationSettings, 403: ZErrorResponse },
        },
      },
      async (request) => getStationSettings(app.db, app.config.publicUrl, authOf(request).stationId),
    );

    fastify.put(
      '/admin/api/station/settings',
      {
        onRequest: app.guards.requireAdmin,
        schema: {
          tags: ['station'],
          summary: 'Save branding, languages, the SMS switch and public subscriptions',
          body: ZStationSettingsRequest,
          response: { 200: ZStationSettingsResponse, 400: ZErrorResponse, 403: ZErrorResponse },
        },
      },
      async (request) =>
        saveStationSettings(
          app.db,
          {
            publicUrl: app.config.publicUrl,
            stationId: authOf(request).stationId,
            now: app.now(),
            translation: app.translation,
            log: request.log,
          },
          request.body,
        ),
    );
  };
