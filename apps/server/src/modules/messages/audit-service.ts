// A message as the audit log keeps it (decisions 0021, 0066): the rules of the routes that change
// or act on a message, here and in the modules that send and play it, read it through this file.
import type { Db } from '../../db/client.js';
import {
  auditBody,
  auditParams,
  auditReply,
  paramView,
  type TAuditCall,
  type TAuditRule,
  type TAuditView,
  viewLabel,
} from '../../platform/audit-rule.js';
import { messageAuditViewById } from './service.js';

/** The message as staff can change it: the row keeps the fields that changed. */
const messageView = (db: Db) => paramView(db, messageAuditViewById, (view) => view);

/**
 * A change of the message of the :id parameter (edit, delete): the handler hands the message as it
 * was, read under its lock in the change's transaction, and as it is (`request.audit`).
 */
export const messageChangeAudit = (action: string): TAuditRule => ({
  action,
  target: 'message',
  details: viewLabel('title'),
});

/** An action on the message of the :id parameter, labelled with its title. */
export const messageAudit = (db: Db, action: string): TAuditRule => ({
  action,
  target: 'message',
  view: messageView(db),
  details: viewLabel('title'),
});

/** An edit of one language of the message: the language, no label. */
export const messageLanguageAudit = (
  action: string,
  details?: (call: TAuditCall) => TAuditView,
): TAuditRule => ({
  action,
  target: 'message',
  details: (call) => ({ label: null, language: auditParams(call).language ?? null, ...details?.(call) }),
});

/** A send by SMS: how many texts, credits and how many wait for quiet hours (web app and API v1). */
export const smsSentAudit = (db: Db): TAuditRule => ({
  ...messageAudit(db, 'message.sms_sent'),
  details: (call, view) => {
    const result = auditReply(call);
    return {
      label: view?.title ?? null,
      count: result.sent_count ?? 0,
      credits: result.credits ?? 0,
      waiting: result.waiting ?? 0,
    };
  },
});

/** An admin's decision on texts held after a restore (decision 0055): what it did. */
export const heldTextsAudit = (db: Db, action: string): TAuditRule => ({
  ...messageAudit(db, action),
  details: (call, view) => {
    const result = auditReply(call);
    return {
      label: view?.title ?? null,
      already_sent: result.already_sent ?? 0,
      queued: result.queued ?? 0,
      cancelled: result.cancelled ?? 0,
      provider_checked: result.provider_checked ?? false,
    };
  },
});

/** A command to a machine (play, stop, export): which machine. */
export const playbackAudit = (db: Db, action: string): TAuditRule => ({
  ...messageAudit(db, action),
  details: (call, view) => ({ label: view?.title ?? null, client_id: auditBody(call).client_id ?? null }),
});
