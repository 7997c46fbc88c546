// What other modules use of machines: the names of a station's machines (a schedule's list), and
// whether any ever connected (the dashboard's first-run checklist).
import type { DbOrTx } from '../../db/client.js';
import * as repo from './repo.js';

/** The station's machines among `clientIds`, by id; an id that is not the station's is left out. */
export async function machineNames(db: DbOrTx, stationId: string, clientIds: string[]) {
  const rows = await repo.findClients(db, stationId, [...new Set(clientIds)]);
  return new Map(rows.map((row) => [row.clientId, row.clientName]));
}

/** Whether any machine of the station is connected. */
export function hasConnectedMachine(db: DbOrTx, stationId: string): Promise<boolean> {
  return repo.hasAnyClient(db, stationId);
}
