// Superadmin calls: every one answers 403 to anyone but a superadmin.
import {
  superadminDashboard as superadminDashboardEntry,
  superadminExitStation,
  superadminStatus,
  superadminSwitchStation,
  ZErrorResponse,
  ZExitStationResponse,
  ZSuperadminDashboard,
  ZSuperadminStatus,
  ZSwitchStationResponse,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditParams } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { authOf } from '../../platform/guards.js';
import { staffFacts } from '../../service-context.js';
import { exitStation, superadminDashboard, switchStation } from './service.js';

const refused = { 401: ZErrorResponse, 403: ZErrorResponse };

/** What these routes use from the app, handed over as the plugin's options. */
export type TSuperadminRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now'>;

export const superadminRoutes: FastifyPluginAsyncZod<TSuperadminRoutesDeps> = async (fastify, deps) => {
  const guard = { onRequest: deps.guards.requireSuperadmin };

  // The status call says who is a superadmin: any signed-in user asks it and gets an
  // answer; the superadmin's other calls refuse everyone else with 403.
  fastify.get(
    superadminStatus.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['superadmin'],
        summary: 'Whether the signed-in user is a superadmin, and the station they are viewing',
        response: { 200: ZSuperadminStatus, ...refused },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return {
        is_superadmin: auth.isSuperadmin,
        viewing_station_id: auth.isSuperadmin ? auth.viewingStationId : null,
      };
    },
  );

  fastify.get(
    superadminDashboardEntry.path,
    {
      ...guard,
      schema: {
        tags: ['superadmin'],
        summary: 'Every station with its figures',
        response: { 200: ZSuperadminDashboard, ...refused },
      },
    },
    async (request) => superadminDashboard(staffFacts(deps, request)),
  );

  fastify.post(
    superadminSwitchStation.path,
    {
      config: audit({
        action: 'superadmin.station_viewed',
        target: 'station',
        station: (call) => auditParams(call).id ?? null,
      }),
      ...guard,
      schema: {
        tags: ['superadmin'],
        summary: 'View a station as its admin (audited)',
        ...endpointSchema(superadminSwitchStation),
        response: { 200: ZSwitchStationResponse, 400: ZErrorResponse, 404: ZErrorResponse, ...refused },
      },
    },
    async (request) => switchStation(staffFacts(deps, request), request.params.id),
  );

  fastify.post(
    superadminExitStation.path,
    {
      config: audit({
        action: 'superadmin.station_exited',
        target: 'station',
        targetId: (call) => call.auth?.viewingStationId,
        // Recorded on the station that was being viewed; a superadmin viewing none leaves no row there.
        station: (call) => call.auth?.viewingStationId ?? null,
      }),
      ...guard,
      schema: {
        tags: ['superadmin'],
        summary: 'Stop viewing a station (audited)',
        response: { 200: ZExitStationResponse, ...refused },
      },
    },
    async (request) => exitStation(staffFacts(deps, request)),
  );
};
