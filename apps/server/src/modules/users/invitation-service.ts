// What other modules read of invitations: one invitation and the station it is for (the audit
// trail's "before" of invitation actions). The flows themselves are in invitations.ts.
export { findInvitationStation, getInvitation } from './invitations.js';
