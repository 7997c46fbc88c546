// A standard user's request that the station's admins send a message (decision 0077): they may not
// send SMS themselves, so they ask; an admin sends it through the usual confirmation (the request
// becomes sent) or declines it with an optional reason the requester reads.
import { z } from 'zod';
import { ZPerson } from './approvals.js';
import { textField } from './text-field.js';

export const SEND_REQUEST_STATUSES = ['pending', 'sent', 'declined'] as const;
export type TSendRequestStatus = (typeof SEND_REQUEST_STATUSES)[number];
export const SEND_REQUEST_NOTE_MAX = 500;

/** Refusals of the send-request routes (error-codes.ts). */
export const SEND_REQUEST_ERRORS = {
  send_request_not_found: 'Request to send not found',
  send_request_pending: 'The admins were already asked to send this message and have not answered yet.',
  send_request_by_admin: 'Admins send messages themselves: use Send SMS.',
  send_request_not_admin: 'Only an admin can decline a request to send.',
  send_request_decided: 'This request was already answered. Reload to see how.',
} as const;

/** Their statuses (error-status.ts). */
export const SEND_REQUEST_ERROR_STATUS = {
  send_request_not_found: 404,
  send_request_pending: 409,
  send_request_by_admin: 409,
  send_request_not_admin: 403,
  send_request_decided: 409,
} as const satisfies Record<keyof typeof SEND_REQUEST_ERRORS, number>;

/** One request: who asked and when, with their note; who sent or declined it, when, and why. */
export const ZSendRequestView = z.object({
  id: z.string(),
  message_id: z.string(),
  status: z.enum(SEND_REQUEST_STATUSES),
  /** Null once the account is deleted. */
  requested_by: ZPerson.nullable(),
  requested_at: z.string(),
  note: z.string().nullable(),
  /** The admin who sent the message (any send of it answers the request) or declined it. */
  decided_by: ZPerson.nullable(),
  decided_at: z.string().nullable(),
  /** Why it was declined, when the admin said. */
  reason: z.string().nullable(),
});
export type TSendRequestView = z.infer<typeof ZSendRequestView>;

/** POST /admin/api/messages/{id}/send-requests */
export const ZSendRequestCreate = z.object({
  note: textField({ label: 'Note', max: SEND_REQUEST_NOTE_MAX }).optional(),
});
export type TSendRequestCreate = z.input<typeof ZSendRequestCreate>;

/** POST /admin/api/send-requests/{id}/decline */
export const ZSendRequestDecline = z.object({
  reason: textField({ label: 'Reason', max: SEND_REQUEST_NOTE_MAX }).optional(),
});
export type TSendRequestDecline = z.input<typeof ZSendRequestDecline>;

/** GET /admin/api/messages/{id}/send-requests: newest first. */
export const ZMessageSendRequests = z.object({ requests: z.array(ZSendRequestView) });
export type TMessageSendRequests = z.infer<typeof ZMessageSendRequests>;

/** GET /admin/api/send-requests?status=pending: what awaits the station's admins. */
export const ZSendRequestsQuery = z.object({
  status: z.enum(SEND_REQUEST_STATUSES).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type TSendRequestsQuery = z.input<typeof ZSendRequestsQuery>;

export const ZSendRequestQueueItem = ZSendRequestView.extend({ title: z.string(), message_type: z.string() });
export const ZSendRequestQueue = z.object({
  /** Every request in that state, even beyond `limit`. */
  count: z.number().int(),
  requests: z.array(ZSendRequestQueueItem),
});
export type TSendRequestQueue = z.infer<typeof ZSendRequestQueue>;
