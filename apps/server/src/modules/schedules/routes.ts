// Scheduled sends: list, schedule a message, read, change and cancel a schedule.
import {
  schedulesCancel,
  schedulesCreate,
  schedulesGet,
  schedulesList,
  schedulesUpdate,
  ZErrorResponse,
  ZScheduleDetail,
  ZScheduleList,
  ZScheduleSaved,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditReply, type TAuditRule, viewLabel } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
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

export type TScheduleRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'messageParts' | 'now'> & {
  schedules: TScheduleQueue;
};

/**
 * A change of the schedule of the :id parameter: the handler hands the schedule as it was, read
 * under its lock in the change's transaction, and as it is (`request.audit`).
 */
const scheduleAudit = (action: string): TAuditRule => ({
  action,
  target: 'schedule',
  details: viewLabel('message_title'),
});

export const scheduleRoutes: FastifyPluginAsyncZod<TScheduleRoutesDeps> = async (fastify, deps) => {
  const guard = { onRequest: deps.guards.requireUser };
  const withQueue = (request: Parameters<typeof staffFacts>[1]) => ({
    ...staffFacts(deps, request),
    messageParts: deps.messageParts,
    schedules: deps.schedules,
  });

  fastify.get(
    schedulesList.path,
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: "The station's scheduled sends: upcoming (soonest first) or past (latest first)",
        ...endpointSchema(schedulesList),
        response: { 200: ZScheduleList, 400: ZErrorResponse },
      },
    },
    async (request) => ({
      schedules: await listSchedules(
        { ...staffFacts(deps, request), messageParts: deps.messageParts },
        request.query,
      ),
    }),
  );

  fastify.post(
    schedulesCreate.path,
    {
      config: audit({
        action: 'schedule.created',
        target: 'schedule',
        targetId: (call) => (auditReply(call).schedule as { id?: string } | undefined)?.id,
        details: (call) => {
          const schedule = (auditReply(call).schedule ?? {}) as Record<string, unknown>;
          return {
            label: schedule.message_title ?? null,
            repeat: schedule.repeat ?? null,
            next_run_at: schedule.next_run_at ?? null,
            time_zone: schedule.time_zone ?? null,
          };
        },
      }),
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: "Schedule the message's SMS and/or Play on machines, once or on a recurrence",
        description:
          'Times are wall-clock times in the station time zone. Scheduling SMS checks now what the send would check (admins only, SMS on, a subscription, an audience, the credits of one run); the run checks again and records why it could not go.',
        ...endpointSchema(schedulesCreate),
        response: { 201: ZScheduleSaved, ...refused },
      },
    },
    async (request, reply) => {
      const saved = await createSchedule(withQueue(request), request.params.id, request.body);
      return reply.status(201).send(saved);
    },
  );

  fastify.get(
    schedulesGet.path,
    {
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: 'A schedule with its runs (latest first)',
        ...endpointSchema(schedulesGet),
        response: { 200: ZScheduleDetail, 404: ZErrorResponse },
      },
    },
    async (request) => getSchedule(staffFacts(deps, request), request.params.id),
  );

  fastify.put(
    schedulesUpdate.path,
    {
      config: audit(scheduleAudit('schedule.updated')),
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: "Change an active schedule's time, recurrence or what it does",
        ...endpointSchema(schedulesUpdate),
        response: { 200: ZScheduleSaved, ...refused },
      },
    },
    async (request) => updateSchedule(withQueue(request), request.params.id, request.body, request.audit),
  );

  fastify.post(
    schedulesCancel.path,
    {
      config: audit(scheduleAudit('schedule.cancelled')),
      ...guard,
      schema: {
        tags: ['schedules'],
        summary: 'Cancel an active schedule: no further run',
        ...endpointSchema(schedulesCancel),
        response: { 200: ZScheduleDetail, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
    },
    async (request) => cancelSchedule(staffFacts(deps, request), request.params.id, request.audit),
  );
};
