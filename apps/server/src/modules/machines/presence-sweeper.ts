// Presence: every heartbeat period, sockets here whose agent went silent (a sleeping laptop, a dead
// network) are cut, and machines still listed as connected by a node that died are marked gone.
// "Silent" is measured on the hub's clock.
import type { Db } from '../../db/client.js';
import type { TConnectionRegistry } from './connections.js';
import type { TClientChange } from './machine-pages.js';
import * as repo from './repo.js';

export type TPresenceSweeper = ReturnType<typeof startPresenceSweeper>;

export function startPresenceSweeper(deps: {
  db: Db;
  now: () => Date;
  registry: Pick<TConnectionRegistry, 'all'>;
  /** How long an agent may stay silent before it counts as gone. */
  silentMs: number;
  /** How often to look. */
  everyMs: number;
  clientChanged(change: TClientChange): Promise<void>;
  log: { error(details: object, message: string): void };
}) {
  async function sweep() {
    const at = deps.now();
    for (const conn of deps.registry.all()) {
      if (at.getTime() - conn.lastHeard > deps.silentMs) conn.socket.terminate();
    }
    const gone = await repo.markSilentDisconnected(deps.db, at, deps.silentMs);
    for (const row of gone) {
      await deps.clientChanged({
        station_id: row.stationId,
        client_id: row.clientId,
        change: 'disconnected',
      });
    }
  }

  const timer = setInterval(() => {
    sweep().catch((error) => deps.log.error({ err: error }, 'machine sweep failed'));
  }, deps.everyMs);
  timer.unref();

  return {
    /** One sweep now (the timer runs the same). */
    sweep,
    stop() {
      clearInterval(timer);
    },
  };
}
