// Typed calls of two-person approval (decision 0039): an admin's decision on a message, and what
// awaits the station's admins. A message's own state comes with it (TMessage.approval).
import type {
  TApprovalQueue,
  TApproveRequest,
  TMessageApproval,
  TRejectRequest,
} from '@message-station/shared';
import { api } from './client';

export type { TApprovalQueue, TMessageApproval } from '@message-station/shared';

function approvalPath(messageId: string, decision: 'approve' | 'reject'): string {
  return `/admin/api/messages/${encodeURIComponent(messageId)}/approval/${decision}`;
}

export function approveMessage(messageId: string, body: TApproveRequest): Promise<TMessageApproval> {
  return api<TMessageApproval>(approvalPath(messageId, 'approve'), { method: 'POST', body });
}

export function rejectMessage(messageId: string, body: TRejectRequest): Promise<TMessageApproval> {
  return api<TMessageApproval>(approvalPath(messageId, 'reject'), { method: 'POST', body });
}

export function getPendingApprovals(signal?: AbortSignal): Promise<TApprovalQueue> {
  return api<TApprovalQueue>('/admin/api/approvals?status=pending', { signal });
}
