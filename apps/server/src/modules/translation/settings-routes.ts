// Settings → Translation: GET and PUT /admin/api/settings/translation and POST …/test
// for admins; GET …/coverage for all staff (the create form marks the languages no engine covers);
// GET …/languages for admins (Settings marks every product language, ticked or not: decision 0050).
import {
  translationCoverage,
  translationLanguages,
  translationSaveSettings,
  translationSettings,
  translationTestEngine,
  ZAllLanguagesCoverage,
  ZErrorResponse,
  ZTranslationCoverage,
  ZTranslationEngineTestResponse,
  ZTranslationSettings,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, auditStation, notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import {
  getAllLanguagesCoverage,
  getCoverage,
  getTranslationSettings,
  saveTranslationEngines,
  testTranslationEngine,
} from './settings-service.js';

/** What these routes use from the deps, handed over as the plugin's options. */
export type TTranslationSettingsRoutesDeps = Pick<
  TAppContext,
  'config' | 'db' | 'guards' | 'now' | 'stationTranslation'
>;

export const translationSettingsRoutes: FastifyPluginAsyncZod<TTranslationSettingsRoutesDeps> = async (
  fastify,
  deps,
) => {
  const context = (request: Parameters<typeof staffFacts>[1]) => ({
    ...staffFacts(deps, request),
    config: deps.config,
    stationTranslation: deps.stationTranslation,
  });

  fastify.get(
    translationSettings.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "The station's own translation engines (keys never shown) and who covers each language",
        response: { 200: ZTranslationSettings, 403: ZErrorResponse },
      },
    },
    async (request) => getTranslationSettings(context(request)),
  );

  fastify.get(
    translationCoverage.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['station'],
        summary: "Which engine covers each of the station's languages from one language",
        ...endpointSchema(translationCoverage),
        response: { 200: ZTranslationCoverage, 400: ZErrorResponse },
      },
    },
    async (request) => getCoverage(context(request), request.query.from),
  );

  fastify.get(
    translationLanguages.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: 'Which engine would cover each product language from one language, and its trust',
        ...endpointSchema(translationLanguages),
        response: { 200: ZAllLanguagesCoverage, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => getAllLanguagesCoverage(context(request), request.query.from),
  );

  fastify.put(
    translationSaveSettings.path,
    {
      config: audit({
        action: 'settings.translation_engines_updated',
        target: 'station',
        targetId: auditStation,
        // Which engines, in which order; never a key (the details hold none).
        details: (call) => {
          const engines = (auditBody(call).engines ?? []) as { engine?: unknown }[];
          return { label: engines.map((e) => String(e.engine)).join(', ') || '—' };
        },
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "Replace the station's engines with this list, first tried first (a key left out is kept)",
        ...endpointSchema(translationSaveSettings),
        response: { 200: ZTranslationSettings, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => saveTranslationEngines(context(request), request.body),
  );

  fastify.post(
    translationTestEngine.path,
    {
      config: notAudited('Tries the engines on a sample; changes nothing.'),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: 'Translate a short sample with one engine, as typed or as saved',
        ...endpointSchema(translationTestEngine),
        response: { 200: ZTranslationEngineTestResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => testTranslationEngine(context(request), request.body),
  );
};
