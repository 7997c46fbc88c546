// Typed calls of two-person approval (decision 0039): an admin's decision on a message, and what
// awaits the station's admins. A message's own state comes with it (TMessage.approval).
import {
  approvalsApprove,
  approvalsQueue,
  approvalsReject,
  type TApprovalQueue,
  type TApproveRequest,
  type TMessageApproval,
  type TRejectRequest,
} from '@message-station/shared';
import { call } from './call';

export type { TApprovalQueue, TMessageApproval } from '@message-station/shared';

export function approveMessage(messageId: string, body: TApproveRequest): Promise<TMessageApproval> {
  return call(approvalsApprove, { params: { id: messageId }, body });
}

export function rejectMessage(messageId: string, body: TRejectRequest): Promise<TMessageApproval> {
  return call(approvalsReject, { params: { id: messageId }, body });
}

export function getPendingApprovals(signal?: AbortSignal): Promise<TApprovalQueue> {
  return call(approvalsQueue, { query: { status: 'pending' }, signal });
}
