// Two-person approval of messages (decision 0039): shapes, refusals and who may decide.
import { z } from 'zod';
import { refusal, type TIssueMessage } from './issue-message.js';
import { textField } from './text-field.js';

export const APPROVAL_STATUSES = ['not_required', 'pending', 'approved', 'rejected'] as const;
export type TApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export const APPROVAL_COMMENT_MAX = 1000;

/** Refusals of the approval routes and of a send or play that waits for approval (error-codes.ts). */
export const APPROVAL_ERRORS = {
  approval_required:
    "This message waits for a second admin's approval before it is sent, played or scheduled.",
  approval_not_admin: 'Only an admin can approve or reject a message.',
  approval_own_message: 'A message must be approved by an admin who did not write or edit it.',
  approval_already_decided: 'This message was already approved or rejected. Reload to see the decision.',
  approval_stale: 'The message changed since you opened it. Read it again before deciding.',
  approval_not_requested: 'Messages of this type do not need approval.',
  approval_comment_required: 'Say why the message is rejected.',
  /** Settings: holding a type for approval where no second admin could approve (decision 0077). */
  approval_needs_two_admins:
    'Two-person approval needs at least two admins: this station has {{admins}}. Add an admin on the Users page first.',
} as const;

/** Their statuses (error-status.ts). */
export const APPROVAL_ERROR_STATUS = {
  approval_required: 409,
  approval_not_admin: 403,
  approval_own_message: 403,
  approval_already_decided: 409,
  approval_stale: 409,
  approval_not_requested: 409,
  approval_comment_required: 400,
  approval_needs_two_admins: 409,
} as const satisfies Record<keyof typeof APPROVAL_ERRORS, number>;

/** Someone a record names, by id and name. */
export const ZPerson = z.object({ id: z.string(), name: z.string() });

/**
 * A message's approval. `required`: SMS, Play and schedules wait for an approval now (false for a
 * type that needs none, or an emergency the station lets through). `revision` names the text
 * under decision: a decision for an older one answers 409 approval_stale.
 */
export const ZMessageApproval = z.object({
  message_id: z.string(),
  status: z.enum(APPROVAL_STATUSES),
  required: z.boolean(),
  revision: z.number().int(),
  /** Who wrote the message (messages.created_by); null once the account is deleted. */
  author_id: z.string().nullable(),
  /** Who put the current text up for approval (wrote or last edited it). */
  requested_by: ZPerson.nullable(),
  requested_at: z.string().nullable(),
  decided_by: ZPerson.nullable(),
  decided_at: z.string().nullable(),
  comment: z.string().nullable(),
});
export type TMessageApproval = z.infer<typeof ZMessageApproval>;

const comment = (required?: TIssueMessage) =>
  textField({ label: 'Comment', max: APPROVAL_COMMENT_MAX, required });

/** POST /admin/api/messages/{id}/approval/approve */
export const ZApproveRequest = z.object({
  comment: comment().optional(),
  /** The revision the admin read; a newer text answers 409 approval_stale. */
  revision: z.number().int().min(1).optional(),
});
export type TApproveRequest = z.input<typeof ZApproveRequest>;

/** POST /admin/api/messages/{id}/approval/reject: the author reads the comment. */
export const ZRejectRequest = z.object({
  comment: comment(refusal('approval_comment_required')),
  revision: z.number().int().min(1).optional(),
});
export type TRejectRequest = z.input<typeof ZRejectRequest>;

/** GET /admin/api/approvals?status=pending: what awaits the station's admins. */
export const ZApprovalsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TApprovalsQuery = z.input<typeof ZApprovalsQuery>;

export const ZApprovalQueueItem = ZMessageApproval.extend({ title: z.string(), message_type: z.string() });
export const ZApprovalQueue = z.object({
  /** Every message in that state, even beyond `limit`. */
  count: z.number().int(),
  approvals: z.array(ZApprovalQueueItem),
});
export type TApprovalQueue = z.infer<typeof ZApprovalQueue>;
