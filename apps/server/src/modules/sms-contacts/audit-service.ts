// A contact as the audit log keeps it (decisions 0021, 0066), for the contact routes of the web app
// and of the public API v1.
import { type TAuditRule, viewLabel } from '../../platform/audit-rule.js';

/**
 * A change to the contact of the :id parameter: the row keeps what changed. The handler hands the
 * contact as it was, read under its lock in the change's transaction, and as it is (`request.audit`).
 */
export const contactAudit = (action: string): TAuditRule => ({
  action,
  target: 'contact',
  details: viewLabel('name'),
});
