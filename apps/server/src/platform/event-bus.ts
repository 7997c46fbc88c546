// Station events (message created, translation done, …) for live streams. In one process they go
// through an EventEmitter; when several nodes share a PostgreSQL database they also travel by
// LISTEN/NOTIFY, so a browser connected to any node hears what happened on another.
//
// NOTIFY carries at most 8000 bytes, so events carry ids, not rows: a node that needs the row
// reads it from the database (see machines/machine-pages.ts). An event too large to travel is refused on
// every node, also without PostgreSQL, so a test on one node finds it before production does.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

export type TStationEvent = { stationId: string; type: string; data: Record<string, unknown> };
/** `sentAt`: the publishing node's clock (ms), for the notify lag in /metrics. */
type TEnvelope = TStationEvent & { origin: string; sentAt?: number };

const CHANNEL = 'message_station_events';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; keep a margin for the envelope. */
export const MAX_EVENT_BYTES = 7500;

export class EventTooLargeError extends Error {
  constructor(type: string, bytes: number) {
    super(`Event ${type} is ${bytes} bytes; events carry ids (at most ${MAX_EVENT_BYTES} bytes), not rows.`);
    this.name = 'EventTooLargeError';
  }
}

export type TEventBus = {
  /** Delivers here and on every other node; refuses an event over MAX_EVENT_BYTES. */
  publish(event: TStationEvent): Promise<void>;
  /** Delivers to this node's subscribers only (no size limit): a row a node read for its browsers. */
  deliverHere(event: TStationEvent): void;
  /** Whether anyone on this node listens under `key` (so a row need not be read for nobody). */
  listening(key: string): boolean;
  /** Returns the function that stops listening. */
  subscribe(stationId: string, listener: (event: TStationEvent) => void): () => void;
  close(): Promise<void>;
};

export async function createEventBus(options: {
  pool?: pg.Pool;
  log?: { error(details: object, message: string): void };
  /** Seconds from another node's publish to its arrival here (clocks of both nodes). */
  onArrival?: (seconds: number) => void;
}): Promise<TEventBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const origin = randomUUID();
  const deliver = (event: TStationEvent) => emitter.emit(event.stationId, event);

  let listener: pg.PoolClient | undefined;
  if (options.pool) {
    listener = await options.pool.connect();
    // A dropped LISTEN connection (database restart, shutdown) must not crash the process.
    listener.on('error', (error) => options.log?.error({ err: error }, 'event bus connection lost'));
    listener.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        const { origin: sender, sentAt, ...event } = JSON.parse(message.payload) as TEnvelope;
        // Our own events were delivered locally already.
        if (sender === origin) return;
        if (sentAt !== undefined) options.onArrival?.(Math.max(0, Date.now() - sentAt) / 1000);
        deliver(event);
      } catch (error) {
        options.log?.error({ err: error }, 'bad event payload');
      }
    });
    await listener.query(`LISTEN ${CHANNEL}`);
  }

  return {
    async publish(event) {
      const payload = JSON.stringify({ ...event, origin, sentAt: Date.now() } satisfies TEnvelope);
      const bytes = Buffer.byteLength(payload, 'utf8');
      if (bytes > MAX_EVENT_BYTES) throw new EventTooLargeError(event.type, bytes);
      deliver(event);
      if (options.pool) await options.pool.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    deliverHere: deliver,
    listening: (key) => emitter.listenerCount(key) > 0,
    subscribe(stationId, callback) {
      emitter.on(stationId, callback);
      return () => emitter.off(stationId, callback);
    },
    async close() {
      emitter.removeAllListeners();
      if (listener) {
        await listener.query(`UNLISTEN ${CHANNEL}`).catch(() => {});
        listener.release();
        listener = undefined;
      }
    },
  };
}
