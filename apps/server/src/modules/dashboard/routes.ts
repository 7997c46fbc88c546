// GET /admin/api/dashboard-stats and GET /admin/api/activity (spec §7); the first-run checklist.
import {
  ZActivityQuery,
  ZActivityResponse,
  ZDashboardStats,
  ZErrorResponse,
  ZFirstRun,
  ZFirstRunUpdate,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import { recentActivity } from './activity.js';
import { firstRunChecklist, setFirstRunVisibility } from './first-run.js';
import { dashboardStats } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TDashboardRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now'>;

export const dashboardRoutes: FastifyPluginAsyncZod<TDashboardRoutesDeps> = async (fastify, deps) => {
  fastify.get(
    '/admin/api/dashboard-stats',
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard cards, alerts and SMS per day',
        response: { 200: ZDashboardStats },
      },
    },
    async (request) => dashboardStats(staffFacts(deps, request)),
  );
  fastify.get(
    '/admin/api/activity',
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'Recent SMS activity, one line per message, newest first, with where its texts are',
        querystring: ZActivityQuery,
        response: { 200: ZActivityResponse },
      },
    },
    async (request) => ({
      activities: await recentActivity(staffFacts(deps, request), request.query),
    }),
  );
  fastify.get(
    '/admin/api/dashboard/first-run',
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary: "A new station's first-run checklist: each step done or not, from the station's data",
        response: { 200: ZFirstRun, 403: ZErrorResponse },
      },
    },
    async (request) => firstRunChecklist(staffFacts(deps, request)),
  );
  fastify.put(
    '/admin/api/dashboard/first-run',
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary: 'Hide the first-run checklist for the station (or show it again)',
        body: ZFirstRunUpdate,
        response: { 200: ZFirstRun, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => setFirstRunVisibility(staffFacts(deps, request), request.body.hidden),
  );
};
