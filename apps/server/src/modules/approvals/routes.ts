// /admin/api/messages/{id}/approval and /admin/api/approvals: a message's approval, an admin's
// decision on it, and what awaits the station's admins (decision 0039).
import {
  approvalsQueue,
  ZApprovalQueue,
  ZApproveRequest,
  ZErrorResponse,
  ZMessageApproval,
  ZMessageIdParams,
  ZRejectRequest,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { notAudited } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { staffFacts } from '../../service-context.js';
import { decideApproval, getApproval, listApprovalQueue, type TFindMessage } from './service.js';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const decisionErrors = { ...errors, 409: ZErrorResponse };

const DECISIONS = {
  approve: {
    decision: 'approved',
    body: ZApproveRequest,
    summary:
      'Approve the pending text (an admin who did not write or edit it); 409 approval_already_decided or approval_stale',
  },
  reject: {
    decision: 'rejected',
    body: ZRejectRequest,
    summary: 'Reject the pending text with a comment its writer reads; editing it puts it up again',
  },
} as const;

/** What these routes use from the app, handed over as the plugin's options. */
export type TApprovalRoutesDeps = Pick<TAppContext, 'db' | 'events' | 'guards' | 'now'> & {
  /** The messages module's read of a message (app.ts hands it in: approvals sits below messages). */
  findMessage: TFindMessage;
};

export const approvalRoutes: FastifyPluginAsyncZod<TApprovalRoutesDeps> = async (fastify, deps) => {
  // Staff read the state; the service refuses a decision by anyone but an admin other than the writers.
  const guard = { onRequest: deps.guards.requireUser };

  fastify.get(
    '/admin/api/messages/:id/approval',
    {
      ...guard,
      schema: {
        tags: ['approvals'],
        summary: "A message's two-person approval: pending, approved or rejected, by whom, with the comment",
        params: ZMessageIdParams,
        response: { 200: ZMessageApproval, ...errors },
      },
    },
    async (request) =>
      getApproval({ ...staffFacts(deps, request), findMessage: deps.findMessage }, request.params.id),
  );

  for (const [action, { decision, body, summary }] of Object.entries(DECISIONS)) {
    fastify.post(
      `/admin/api/messages/:id/approval/${action}`,
      {
        // Written by this module in the decision's own transaction, like the requests an edit makes
        // (decision 0039): message.approved / message.rejected.
        config: notAudited('Recorded by the approvals service in its transaction.'),
        ...guard,
        schema: {
          tags: ['approvals'],
          summary,
          params: ZMessageIdParams,
          body,
          response: { 200: ZMessageApproval, ...decisionErrors },
        },
      },
      async (request) => {
        const ctx = { ...staffFacts(deps, request), findMessage: deps.findMessage };
        const approval = await decideApproval(ctx, request.params.id, { decision, ...request.body });
        await deps.events.publish({
          stationId: ctx.stationId,
          type: 'message_updated',
          data: { message_id: request.params.id },
        });
        return approval;
      },
    );
  }

  fastify.get(
    approvalsQueue.path,
    {
      ...guard,
      schema: {
        tags: ['approvals'],
        summary: "The station's messages in one approval state (pending by default), newest request first",
        ...endpointSchema(approvalsQueue),
        response: { 200: ZApprovalQueue, ...errors },
      },
    },
    async (request) =>
      listApprovalQueue({ ...staffFacts(deps, request), findMessage: deps.findMessage }, request.query),
  );
};
