// What the audit trail reads of a contact: the view it compares before and after a staff change.
import type { DbOrTx } from '../../db/client.js';
import { findContactView as contactView } from './trail-repo.js';

/** The contact as the audit trail shows it, or null. */
export function findContactView(db: DbOrTx, stationId: string, contactId: string) {
  return contactView(db, stationId, contactId);
}
