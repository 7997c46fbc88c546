// /admin/api/weather (admins only): the station's settings, a state's zones and NWS's event names
// for the pickers, the alerts received with what each became, and "Check now".
import {
  weatherAlert,
  weatherAlerts,
  weatherCheck,
  weatherEventTypes,
  weatherSaveSettings,
  weatherSettings,
  weatherZones,
  ZErrorResponse,
  ZWeatherAlertDetail,
  ZWeatherAlertList,
  ZWeatherCheckResult,
  ZWeatherEventTypes,
  ZWeatherSettings,
  ZWeatherSettingsRequest,
  ZWeatherZoneList,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditReply, auditStation } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { AppError } from '../../platform/errors.js';
import { authOf } from '../../platform/guards.js';
import { createNwsClient } from '../../providers/weather/nws.js';
import { staffFacts } from '../../service-context.js';
import { pollWeather } from './poll.js';
import {
  createWeatherLookups,
  getWeatherAlert,
  getWeatherSettings,
  listWeatherAlerts,
  saveWeatherSettings,
} from './service.js';

export type TWeatherRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'email' | 'events' | 'guards' | 'messageParts' | 'now' | 'translationQueue'
> & {
  /** After an auto-send made by "Check now": some node dispatches its texts. */
  sent(stationId: string, messageId: string): Promise<void>;
};

const refused = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

export const weatherRoutes: FastifyPluginAsyncZod<TWeatherRoutesDeps> = async (fastify, deps) => {
  const guard = { onRequest: deps.guards.requireAdmin };
  const { pollSeconds } = deps.config.weather;
  const nws = createNwsClient({ ...deps.config.weather, log: fastify.log });
  const lookups = createWeatherLookups(nws, deps.now);

  fastify.get(
    weatherSettings.path,
    {
      ...guard,
      schema: {
        tags: ['weather'],
        summary: "The station's weather alert settings and how the last check went",
        response: { 200: ZWeatherSettings, ...refused },
      },
    },
    async (request) => getWeatherSettings(staffFacts(deps, request), pollSeconds),
  );

  fastify.put(
    weatherSaveSettings.path,
    {
      config: audit({
        action: 'weather.settings_updated',
        target: 'station',
        targetId: auditStation,
        // The handler hands the settings before (read under their lock in the save's transaction)
        // and after (`request.audit`).
      }),
      ...guard,
      schema: {
        tags: ['weather'],
        summary: 'Turn weather alerts on or off; choose zones, event types, severities and auto-send',
        description:
          'Drafts are written, and auto-sends made, on behalf of the admin who saves (like a schedule’s ' +
          'author). Auto-send severities must be among the followed ones; turning alerts on needs a zone.',
        body: ZWeatherSettingsRequest,
        response: { 200: ZWeatherSettings, ...refused },
      },
    },
    async (request) =>
      saveWeatherSettings(staffFacts(deps, request), request.body, pollSeconds, request.audit),
  );

  fastify.get(
    weatherZones.path,
    {
      ...guard,
      schema: {
        tags: ['weather'],
        summary: "A state's counties and forecast zones (from NWS, cached for hours)",
        ...endpointSchema(weatherZones),
        response: { 200: ZWeatherZoneList, 503: ZErrorResponse, ...refused },
      },
    },
    async (request) => ({ zones: await lookups.stateZones(request.query.state) }),
  );

  fastify.get(
    weatherEventTypes.path,
    {
      ...guard,
      schema: {
        tags: ['weather'],
        summary: 'The event names NWS issues (Tornado Warning, Flood Watch …), cached for a day',
        response: { 200: ZWeatherEventTypes, 503: ZErrorResponse, ...refused },
      },
    },
    async () => ({ event_types: await lookups.eventTypes() }),
  );

  fastify.get(
    weatherAlerts.path,
    {
      ...guard,
      schema: {
        tags: ['weather'],
        summary: 'The latest alerts the station received and what each became',
        response: { 200: ZWeatherAlertList, ...refused },
      },
    },
    async (request) => ({ alerts: await listWeatherAlerts(staffFacts(deps, request)) }),
  );

  fastify.get(
    weatherAlert.path,
    {
      ...guard,
      schema: {
        tags: ['weather'],
        summary: 'One alert with the message drafted from it',
        ...endpointSchema(weatherAlert),
        response: { 200: ZWeatherAlertDetail, 404: ZErrorResponse, ...refused },
      },
    },
    async (request) =>
      getWeatherAlert({ ...staffFacts(deps, request), messageParts: deps.messageParts }, request.params.id),
  );

  fastify.post(
    weatherCheck.path,
    {
      ...guard,
      // NWS asks for no more than a request every 30 seconds or so: a few checks a minute at most.
      config: {
        ...audit({
          action: 'weather.checked',
          details: (call) => ({ count: auditReply(call).drafted ?? 0 }),
        }),
        rateLimit: {
          max: 4,
          timeWindow: 60_000,
          // Counted per station, once the guard has said whose request it is.
          hook: 'preHandler',
          keyGenerator: (request) => `weather-check:${authOf(request).stationId}`,
        },
      },
      schema: {
        tags: ['weather'],
        summary: "Check NWS for the station's zones now instead of at the next poll",
        response: { 200: ZWeatherCheckResult, 429: ZErrorResponse, 503: ZErrorResponse, ...refused },
      },
    },
    async (request) => {
      const facts = staffFacts(deps, request);
      const settings = await getWeatherSettings(facts, pollSeconds);
      if (!settings.enabled || settings.zones.length === 0) throw new AppError('weather_no_zones');
      const [report] = await pollWeather(
        {
          db: deps.db,
          publicUrl: deps.config.publicUrl,
          nws,
          now: deps.now,
          events: deps.events,
          translationQueue: deps.translationQueue,
          messageParts: deps.messageParts,
          sent: deps.sent,
          email: deps.email,
          log: request.log,
        },
        { stationId: facts.stationId },
      );
      if (report?.errorCode === 'weather_unavailable') throw new AppError('weather_unavailable');
      return {
        received: report?.received ?? 0,
        drafted: report?.drafted ?? 0,
        not_modified: report?.notModified ?? false,
        error_code: report?.errorCode ?? null,
      };
    },
  );
};
