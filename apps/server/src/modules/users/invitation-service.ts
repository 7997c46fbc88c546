// What other modules read of invitations: one invitation and the station it is for (the audit
// trail's "before" of invitation actions). The flows themselves are in invitations.ts.
import type { DbOrTx } from '../../db/client.js';
import { findInvitationStation as invitationStation } from './invitations-repo.js';

export { getInvitation } from './invitations.js';

/** The station an invitation link (by its token's hash) is for, or null. */
export function findInvitationStation(db: DbOrTx, tokenHash: string) {
  return invitationStation(db, tokenHash);
}
