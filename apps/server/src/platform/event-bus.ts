// Station events (message created, translation done, …) for live streams. In one process they go
// through an EventEmitter; when several nodes share a PostgreSQL database they also travel by
// LISTEN/NOTIFY, so a browser connected to any node hears what happened on another.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';

export type TStationEvent = { stationId: string; type: string; data: Record<string, unknown> };
type TEnvelope = TStationEvent & { origin: string };

const CHANNEL = 'message_station_events';

export type TEventBus = {
  publish(event: TStationEvent): Promise<void>;
  /** Returns the function that stops listening. */
  subscribe(stationId: string, listener: (event: TStationEvent) => void): () => void;
  close(): Promise<void>;
};

export async function createEventBus(options: {
  pool?: pg.Pool;
  log?: { error(details: object, message: string): void };
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
        const { origin: sender, ...event } = JSON.parse(message.payload) as TEnvelope;
        // Our own events were delivered locally already.
        if (sender !== origin) deliver(event);
      } catch (error) {
        options.log?.error({ err: error }, 'bad event payload');
      }
    });
    await listener.query(`LISTEN ${CHANNEL}`);
  }

  return {
    async publish(event) {
      deliver(event);
      if (options.pool) {
        const envelope: TEnvelope = { ...event, origin };
        await options.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)]);
      }
    },
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
