// Two-person approval state on the web: an admin's decision and the queue awaiting one. A decision
// refreshes the messages (each carries its approval) and the queue, which lives under them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { approveMessage, getPendingApprovals, rejectMessage } from '../../../api/approvals';
import { queryKeys } from '../../../api/query-keys';

export type TApprovalDecision = {
  messageId: string;
  decision: 'approve' | 'reject';
  comment: string;
  /** The text the admin read: a newer one answers approval_stale. */
  revision: number;
};

export function useDecideApprovalMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, decision, comment, revision }: TApprovalDecision) =>
      decision === 'approve'
        ? approveMessage(messageId, { revision, ...(comment.trim() ? { comment: comment.trim() } : {}) })
        : rejectMessage(messageId, { revision, comment: comment.trim() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.messages }),
  });
}

/** Messages awaiting a second admin; only asked for when `enabled` (admins). */
export function usePendingApprovalsQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.approvalQueue,
    queryFn: ({ signal }) => getPendingApprovals(signal),
    enabled,
  });
}
