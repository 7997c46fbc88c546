// GET /admin/api/dashboard-stats and GET /admin/api/activity; the first-run checklist; the
// dashboard's live stream.
import {
  DASHBOARD_EVENTS,
  dashboardActivity,
  dashboardFirstRun,
  dashboardSetFirstRun,
  dashboardStats as dashboardStatsEntry,
  ZActivityResponse,
  ZDashboardStats,
  ZErrorResponse,
  ZFirstRun,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { openStationStream } from '../../platform/sse.js';
import { staffFacts } from '../../service-context.js';
import { recentActivity } from './activity.js';
import { firstRunChecklist, setFirstRunVisibility } from './first-run.js';
import { dashboardStats } from './service.js';

/** What these routes use from the app, handed over as the plugin's options. */
export type TDashboardRoutesDeps = Pick<TAppContext, 'db' | 'events' | 'guards' | 'now' | 'onShutdown'>;

const FORWARDED: ReadonlySet<string> = new Set(DASHBOARD_EVENTS);

export const dashboardRoutes: FastifyPluginAsyncZod<TDashboardRoutesDeps> = async (fastify, deps) => {
  fastify.get(
    dashboardStatsEntry.path,
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
    dashboardActivity.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: 'Recent SMS activity, one line per message, newest first, with where its texts are',
        ...endpointSchema(dashboardActivity),
        response: { 200: ZActivityResponse },
      },
    },
    async (request) => ({
      activities: await recentActivity(staffFacts(deps, request), request.query),
    }),
  );
  fastify.get(
    dashboardFirstRun.path,
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
    dashboardSetFirstRun.path,
    {
      config: notAudited(
        "The dashboard's first-run checklist hidden or shown: a view preference, not a security event.",
      ),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['dashboard'],
        summary: 'Hide the first-run checklist for the station (or show it again)',
        ...endpointSchema(dashboardSetFirstRun),
        response: { 200: ZFirstRun, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => setFirstRunVisibility(staffFacts(deps, request), request.body.hidden),
  );
  // Only what changes the dashboard's figures, not every translation and playback the Messages
  // page's stream carries: the page reads again what an event changed (features/dashboard).
  fastify.get(
    '/admin/api/dashboard/stream',
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['dashboard'],
        summary: `Live events that change the dashboard (text/event-stream): ${DASHBOARD_EVENTS.join(', ')}`,
      },
    },
    (request, reply) => {
      openStationStream(request, reply, {
        events: deps.events,
        onShutdown: deps.onShutdown,
        accept: (event) => FORWARDED.has(event.type),
      });
    },
  );
};
