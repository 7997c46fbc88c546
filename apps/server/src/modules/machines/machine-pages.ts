// What each node tells its own Machines pages (the clients:<station> stream) when a machine
// connects, changes, is heard from or leaves anywhere. Between nodes only ids travel (on
// agent-clients): a hello's voices may run to kilobytes, more than one NOTIFY carries, so every
// node with a page open reads the machine's row itself and hands it to its pages, one change at
// a time, in the order the changes happened.
import type { Db } from '../../db/client.js';
import type { TEventBus, TStationEvent } from '../../platform/event-bus.js';
import { toApi } from './connected-client.js';
import * as repo from './repo.js';

/** What travels on agent-clients: which machine, and what happened to it. */
export type TClientChange = {
  station_id: string;
  client_id: string;
  change: 'connected' | 'updated' | 'seen' | 'disconnected';
  last_seen?: string;
};

const CHANNEL = 'agent-clients';

export function createMachinePages(deps: {
  db: Db;
  events: TEventBus;
  log: { error(details: object, message: string): void };
}) {
  /** The page event for one change; null when the machine is gone from the database. */
  async function pageEvent(change: TClientChange): Promise<TStationEvent | null> {
    const key = `clients:${change.station_id}`;
    if (change.change === 'disconnected')
      return { stationId: key, type: 'client_disconnected', data: { client_id: change.client_id } };
    if (change.change === 'seen') {
      return {
        stationId: key,
        type: 'client_updated',
        data: { client_id: change.client_id, last_seen: change.last_seen },
      };
    }
    const row = await repo.findClient(deps.db, change.station_id, change.client_id);
    if (!row) return null;
    const type = change.change === 'connected' ? 'client_connected' : 'client_updated';
    return { stationId: key, type, data: toApi(row) };
  }

  // One change at a time, so a page never hears "left" before "connected" of the same machine.
  let inOrder = Promise.resolve();
  function onChange(change: TClientChange) {
    if (!deps.events.listening(`clients:${change.station_id}`)) return;
    inOrder = inOrder
      .then(() => pageEvent(change))
      .then((event) => {
        if (event) deps.events.deliverHere(event);
      })
      .catch((error) => deps.log.error({ err: error }, 'could not read a changed machine'));
  }

  const stop = deps.events.subscribe(CHANNEL, (event) => {
    if (event.type === 'client_changed') onChange(event.data as TClientChange);
  });

  return {
    /** Tells every node (this one included) that a machine changed. */
    changed: (change: TClientChange) =>
      deps.events.publish({ stationId: CHANNEL, type: 'client_changed', data: change }),
    stop,
  };
}
