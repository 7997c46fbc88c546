// What a message's approval means for the buttons of the detail modal and the badge of the list.
import type { TMessageApproval } from '@message-station/shared';

/** SMS, Play and schedules wait for an approval of this text. */
export function awaitsApproval(approval: TMessageApproval | undefined): boolean {
  return Boolean(approval?.required && approval.status !== 'approved');
}

export const APPROVAL_COLORS = { pending: 'yellow', approved: 'teal', rejected: 'red' } as const;

/** The badge a message shows, or null when approval plays no part. */
export function approvalBadgeOf(approval: TMessageApproval | undefined): keyof typeof APPROVAL_COLORS | null {
  if (!approval || approval.status === 'not_required') return null;
  // An approval the station no longer asks for says nothing worth a badge.
  if (approval.status === 'approved' && !approval.required) return null;
  return approval.status;
}
