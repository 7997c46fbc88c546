// The endpoint table (decision 0067): Two-person approval of messages (decision 0039).
import {
  type ZApprovalQueue,
  ZApprovalsQuery,
  ZApproveRequest,
  type ZMessageApproval,
  ZRejectRequest,
} from '../approvals.js';
import { ZMessageIdParams } from '../id-params.js';
import { endpoint } from './endpoint.js';

/** POST /admin/api/messages/:id/approval/approve */
export const approvalsApprove = endpoint('POST', '/admin/api/messages/:id/approval/approve', {
  params: ZMessageIdParams,
  body: ZApproveRequest,
}).returns<typeof ZMessageApproval>();

/** POST /admin/api/messages/:id/approval/reject */
export const approvalsReject = endpoint('POST', '/admin/api/messages/:id/approval/reject', {
  params: ZMessageIdParams,
  body: ZRejectRequest,
}).returns<typeof ZMessageApproval>();

/** GET /admin/api/approvals */
export const approvalsQueue = endpoint('GET', '/admin/api/approvals', { query: ZApprovalsQuery }).returns<
  typeof ZApprovalQueue
>();

/** The area's entries by name. */
export const approvalsEndpoints = {
  approve: approvalsApprove,
  reject: approvalsReject,
  queue: approvalsQueue,
};
