// Settings → Translation → Glossary: GET for all staff (they see which words engines
// keep), PUT for admins, the whole list at once.
import {
  translationGlossary,
  translationSaveGlossary,
  ZErrorResponse,
  ZGlossary,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditBody, auditStation } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { getGlossary, saveGlossary } from './glossary-service.js';

export type TGlossaryRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now'>;

export const glossaryRoutes: FastifyPluginAsyncZod<TGlossaryRoutesDeps> = async (fastify, deps) => {
  fastify.get(
    translationGlossary.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['station'],
        summary: "The station's glossary: terms kept as written or given words per language",
        response: { 200: ZGlossary, 401: ZErrorResponse },
      },
    },
    async (request) => getGlossary(staffFacts(deps, request)),
  );

  fastify.put(
    translationSaveGlossary.path,
    {
      config: audit({
        action: 'settings.glossary_updated',
        target: 'station',
        targetId: auditStation,
        details: (call) => ({ count: ((auditBody(call).terms ?? []) as unknown[]).length }),
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary:
          "Replace the station's glossary; every translation engine applies it from the next translation",
        ...endpointSchema(translationSaveGlossary),
        response: { 200: ZGlossary, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => saveGlossary(staffFacts(deps, request), request.body),
  );
};
