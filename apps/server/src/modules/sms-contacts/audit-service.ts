// A contact as the audit log keeps it (decisions 0021, 0066), for the contact routes of the web app
// and of the public API v1.
import type { Db } from '../../db/client.js';
import { auditParams, auditStation, type TAuditRule, viewLabel } from '../../platform/audit-rule.js';
import { findContactView } from '../subscribers/trail-service.js';

/** A change to the contact of the :id parameter: the row keeps what changed. */
export const contactAudit = (db: Db, action: string): TAuditRule => ({
  action,
  target: 'contact',
  view: (call) => findContactView(db, auditStation(call), auditParams(call).id ?? ''),
  details: viewLabel('name'),
});
