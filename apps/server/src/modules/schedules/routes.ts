// Scheduled sends (issue 21): list, schedule a message, read, change and cancel a schedule.
import {
  ZErrorResponse,
  ZMessageIdParams,
  ZScheduleDetail,
  ZScheduleIdParams,
  ZScheduleList,
  ZScheduleListQuery,
  ZScheduleRequest,
  ZScheduleSaved,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { staffFacts } from '../../service-context.js';
import {
  cancelSchedule,
  createSchedule,
  getSchedule,
  listSchedules,
  type TScheduleQueue,
  updateSchedule,
} from './service.js';

const refused = {
  400: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

export type TScheduleRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now'> & { schedules: TScheduleQueue };

export const scheduleRoutes: FastifyPluginAsyncZod<TScheduleRoutesDeps> = async (fastify, deps) => {
  const guard = { onRequest: deps.guards.requireUser };
  const withQueue = (request: Parameters<typeof staffFacts>[1]) => ({
    ...staffFacts(deps, request),
    schedules: deps.schedules,
  });

  fastify.get(
    '/admin/api/schedules',
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: "The station's scheduled sends: upcoming (soonest first) or past (latest first)",
        querystring: ZScheduleListQuery,
        response: { 200: ZScheduleList, 400: ZErrorResponse },
      },
    },
    async (request) => ({ schedules: await listSchedules(staffFacts(deps, request), request.query) }),
  );

  fastify.post(
    '/admin/api/messages/:id/schedules',
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: "Schedule the message's SMS and/or Play on machines, once or on a recurrence",
        description:
          'Times are wall-clock times in the station time zone. Scheduling SMS checks now what the send would check (admins only, SMS on, a subscription, an audience, the credits of one run); the run checks again and records why it could not go.',
        params: ZMessageIdParams,
        body: ZScheduleRequest,
        response: { 201: ZScheduleSaved, ...refused },
      },
    },
    async (request, reply) => {
      const saved = await createSchedule(withQueue(request), request.params.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  fastify.get(
    '/admin/api/schedules/:id',
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: 'A schedule with its runs (latest first)',
        params: ZScheduleIdParams,
        response: { 200: ZScheduleDetail, 404: ZErrorResponse },
      },
    },
    async (request) => getSchedule(staffFacts(deps, request), request.params.id),
  );

  fastify.put(
    '/admin/api/schedules/:id',
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: "Change an active schedule's time, recurrence or what it does",
        params: ZScheduleIdParams,
        body: ZScheduleRequest,
        response: { 200: ZScheduleSaved, ...refused },
      },
    },
    async (request) => updateSchedule(withQueue(request), request.params.id, request.body),
  );

  fastify.post(
    '/admin/api/schedules/:id/cancel',
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: 'Cancel an active schedule: no further run',
        params: ZScheduleIdParams,
        response: { 200: ZScheduleDetail, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => cancelSchedule(staffFacts(deps, request), request.params.id),
  );
};
