// What other modules use of a station's sending identity (decisions 0016, 0065): the sender its
// texts go from, the stations an inbound number belongs to, and its row at creation.
import type { DbOrTx } from '../../db/client.js';
import * as repo from './sending-repo.js';

/** The sending row of a new station: call in the transaction that creates it. */
export function openStationSending(tx: DbOrTx, stationId: string) {
  return repo.insertStationSending(tx, stationId);
}

/** The station's own sender, or null: the service's. */
export async function stationSender(db: DbOrTx, stationId: string): Promise<string | null> {
  return (await repo.findStationSending(db, stationId))?.smsSender ?? null;
}

/** The stations that send from this number, oldest first (routing an incoming text). */
export function findStationIdsBySender(db: DbOrTx, sender: string) {
  return repo.findStationIdsBySender(db, sender);
}
