// What other modules read of invitations: one invitation and the station it is for (the audit
// trail's "before" of invitation actions). The flows themselves are in invitations.ts.
export { getInvitation } from './invitations.js';
export { findInvitationStation } from './invitations-repo.js';
