// GET /admin/api/audit and /admin/api/audit.csv: the station's audit log, admins only.
import {
  auditCsv as auditCsvEntry,
  auditList,
  ZAuditPage,
  ZAuditQuery,
  ZErrorResponse,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import type { TGuards } from '../../platform/guards.js';
import { staffFacts } from '../../service-context.js';
import { auditCsv } from './csv.js';
import { listAudit, type TActorNames } from './service.js';

/** The export's page size and its ceiling: a year of a busy station, in one file. */
const EXPORT_PAGE = 500;
const EXPORT_MAX_ROWS = 100_000;

const refused = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

/** What these routes use from the app, handed over as the plugin's options. */
export type TAuditRoutesDeps = {
  db: Db;
  guards: Pick<TGuards, 'requireAdmin'>;
  now: () => Date;
  actorNames: TActorNames;
};

export const auditRoutes: FastifyPluginAsyncZod<TAuditRoutesDeps> = async (fastify, deps) => {
  const admin = { onRequest: deps.guards.requireAdmin };

  fastify.get(
    auditList.path,
    {
      ...admin,
      schema: {
        tags: ['audit'],
        summary: "The station's audit log, newest first (filters: action or its area, actor, days)",
        ...endpointSchema(auditList),
        response: { 200: ZAuditPage, ...refused },
      },
    },
    async (request) =>
      listAudit({ ...staffFacts(deps, request), actorNames: deps.actorNames }, request.query),
  );

  fastify.get(
    auditCsvEntry.path,
    {
      ...admin,
      schema: {
        tags: ['audit'],
        summary: 'The filtered audit log as CSV (UTF-8 with BOM; no cell can start a formula)',
        querystring: ZAuditQuery.omit({ cursor: true, limit: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const context = { ...staffFacts(deps, request), actorNames: deps.actorNames };
      const entries = [];
      let cursor: string | undefined;
      do {
        const page = await listAudit(context, { ...request.query, cursor, limit: EXPORT_PAGE });
        entries.push(...page.entries);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && entries.length < EXPORT_MAX_ROWS);
      const day = context.now.toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .send(auditCsv(entries));
    },
  );
};
