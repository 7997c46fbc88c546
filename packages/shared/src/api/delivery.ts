// The endpoint table (decision 0067): SMS sends of a message, their progress and texts held after a restore (decision 0055).
import {
  type ZDeliveryProgress,
  type ZDeliveryRecipients,
  ZDeliveryRecipientsQuery,
  type ZSendPreview,
  ZSendRequest,
  type ZSendResult,
} from '../delivery.js';
import type { ZHeldAfterRestore, ZHeldDecisionResult } from '../held-after-restore.js';
import { ZMessageIdParams } from '../id-params.js';
import { endpoint, type TFileReply } from './endpoint.js';

/** GET /admin/api/messages/:id/send-sms/preview */
export const deliveryPreview = endpoint('GET', '/admin/api/messages/:id/send-sms/preview', {
  params: ZMessageIdParams,
}).returns<typeof ZSendPreview>();

/** POST /admin/api/messages/:id/send-sms */
export const deliverySend = endpoint('POST', '/admin/api/messages/:id/send-sms', {
  params: ZMessageIdParams,
  body: ZSendRequest,
}).returns<typeof ZSendResult>();

/** GET /admin/api/messages/:id/deliveries */
export const deliveryProgress = endpoint('GET', '/admin/api/messages/:id/deliveries', {
  params: ZMessageIdParams,
}).returns<typeof ZDeliveryProgress>();

/** GET /admin/api/messages/:id/recipients */
export const deliveryRecipients = endpoint('GET', '/admin/api/messages/:id/recipients', {
  params: ZMessageIdParams,
  query: ZDeliveryRecipientsQuery,
}).returns<typeof ZDeliveryRecipients>();

/** GET /admin/api/messages/:id/deliveries.csv */
export const deliveryCsv = endpoint('GET', '/admin/api/messages/:id/deliveries.csv', {
  params: ZMessageIdParams,
}).returns<TFileReply>();

/** GET /admin/api/held-after-restore */
export const deliveryHeldForStation = endpoint('GET', '/admin/api/held-after-restore').returns<
  typeof ZHeldAfterRestore
>();

/** GET /admin/api/messages/:id/held-after-restore */
export const deliveryHeldForMessage = endpoint('GET', '/admin/api/messages/:id/held-after-restore', {
  params: ZMessageIdParams,
}).returns<typeof ZHeldAfterRestore>();

/** POST /admin/api/messages/:id/held-after-restore/send */
export const deliveryHeldSend = endpoint('POST', '/admin/api/messages/:id/held-after-restore/send', {
  params: ZMessageIdParams,
}).returns<typeof ZHeldDecisionResult>();

/** POST /admin/api/messages/:id/held-after-restore/cancel */
export const deliveryHeldCancel = endpoint('POST', '/admin/api/messages/:id/held-after-restore/cancel', {
  params: ZMessageIdParams,
}).returns<typeof ZHeldDecisionResult>();

/** The area's entries by name. */
export const deliveryEndpoints = {
  preview: deliveryPreview,
  send: deliverySend,
  progress: deliveryProgress,
  recipients: deliveryRecipients,
  csv: deliveryCsv,
  heldForStation: deliveryHeldForStation,
  heldForMessage: deliveryHeldForMessage,
  heldSend: deliveryHeldSend,
  heldCancel: deliveryHeldCancel,
};
