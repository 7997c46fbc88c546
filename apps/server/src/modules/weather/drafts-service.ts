// What the translation worker reads of the weather module: the NWS alert a message was drafted
// from, if any (its text is public: every station following the county may reuse its
// translations, decision 0059; an auto-send waiting on it goes first).
import type { DbOrTx } from '../../db/client.js';
import { findAlertByMessage } from './repo.js';

/** The NWS alert this message was drafted from, or null. */
export function findAlertOfMessage(db: DbOrTx, stationId: string, messageId: string) {
  return findAlertByMessage(db, stationId, messageId);
}
