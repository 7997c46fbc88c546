// What the Users page's routes record in the audit log (decisions 0021, 0066): a user or an
// invitation as admins change it, read by this module before and after the change.
import type { Db } from '../../db/client.js';
import {
  auditBody,
  auditParams,
  auditReply,
  auditStation,
  paramView,
  replyId,
  replyLabel,
  type TAuditRule,
  viewLabel,
} from '../../platform/audit-rule.js';
import { sha256 } from '../../platform/tokens.js';
import { findInvitationStation, getInvitation } from './invitation-service.js';
import { getStationUser, userAuditView } from './service.js';

/**
 * An edit or a deletion of the user of the :id parameter: the handler hands the user as they were,
 * read under the row's lock in the change's transaction, and as they are (`request.audit`).
 */
export const userChangeAudit = (action: string): TAuditRule => ({
  action,
  target: 'user',
  details: viewLabel('email'),
});

export const userAudit = (db: Db, action: string): TAuditRule => ({
  ...userChangeAudit(action),
  view: paramView(db, getStationUser, userAuditView),
});

export const invitationAudit = (deps: { db: Db; now: () => Date }, action: string): TAuditRule => ({
  action,
  target: 'invitation',
  view: async (call) => {
    const invitation = await getInvitation(
      deps.db,
      auditStation(call),
      auditParams(call).id ?? '',
      deps.now(),
    );
    return { email: invitation.email, role: invitation.role };
  },
  details: viewLabel('email'),
});

// Add User invites (decision 0025): the account is made, and recorded, when the link is accepted.
export const userInvitedAudit: TAuditRule = {
  action: 'user.invited',
  target: 'invitation',
  targetId: replyId,
  details: (call) => {
    const invitation = auditReply(call);
    return {
      label: invitation.email ?? null,
      role: invitation.role ?? null,
      api_access_enabled: auditBody(call).api_access_enabled ?? true,
    };
  },
};

export const invitationAcceptedAudit = (db: Db): TAuditRule => ({
  action: 'user.invitation_accepted',
  target: 'user',
  targetId: replyId,
  station: async (call) => {
    const token = auditBody(call).token;
    return typeof token === 'string' ? findInvitationStation(db, sha256(token)) : null;
  },
  details: replyLabel('email'),
});
