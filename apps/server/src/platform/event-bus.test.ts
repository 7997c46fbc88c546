import { describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { createEventBus, EventTooLargeError, MAX_EVENT_BYTES, type TStationEvent } from './event-bus.js';

describe('event bus', async () => {
  const database = await createTestDatabase();

  it('delivers a station’s events to its subscribers only, and stops on unsubscribe', async () => {
    const bus = await createEventBus({ pool: database.pool });
    const a: TStationEvent[] = [];
    const b: TStationEvent[] = [];
    const stopA = bus.subscribe('station-a', (e) => a.push(e));
    bus.subscribe('station-b', (e) => b.push(e));
    await bus.publish({ stationId: 'station-a', type: 'message_created', data: { message_id: '1' } });
    stopA();
    await bus.publish({ stationId: 'station-a', type: 'message_deleted', data: { message_id: '1' } });
    // A later event heard by a later subscriber: events of a station arrive in order, so by then
    // the one published after unsubscribing has been handed out too.
    const later: TStationEvent[] = [];
    bus.subscribe('station-a', (e) => later.push(e));
    await bus.publish({ stationId: 'station-a', type: 'message_updated', data: { message_id: '1' } });
    await vi.waitFor(() => expect(later.map((e) => e.type)).toContain('message_updated'));
    expect(a.map((e) => e.type)).toEqual(['message_created']);
    expect(b).toEqual([]);
    await bus.close();
  });

  it.runIf(database.kind === 'postgres')(
    'carries events between nodes sharing PostgreSQL, once each',
    async () => {
      const lagsOnOne: number[] = [];
      const lagsOnTwo: number[] = [];
      const nodeOne = await createEventBus({ pool: database.pool, onArrival: (s) => lagsOnOne.push(s) });
      const nodeTwo = await createEventBus({ pool: database.pool, onArrival: (s) => lagsOnTwo.push(s) });
      const heardOnTwo: TStationEvent[] = [];
      const heardOnOne: TStationEvent[] = [];
      nodeTwo.subscribe('station-a', (e) => heardOnTwo.push(e));
      nodeOne.subscribe('station-a', (e) => heardOnOne.push(e));
      await nodeOne.publish({
        stationId: 'station-a',
        type: 'translation_updated',
        data: { language_code: 'es' },
      });
      // A second event after it: once both nodes heard that, a copy of the first would be there too.
      await nodeOne.publish({ stationId: 'station-a', type: 'message_updated', data: {} });
      await vi.waitFor(() => {
        expect(heardOnTwo.map((e) => e.type)).toContain('message_updated');
        expect(heardOnOne.map((e) => e.type)).toContain('message_updated');
      });
      expect(heardOnTwo).toEqual([
        {
          stationId: 'station-a',
          type: 'translation_updated',
          data: { language_code: 'es' },
        },
        { stationId: 'station-a', type: 'message_updated', data: {} },
      ]);
      expect(heardOnOne.map((e) => e.type)).toEqual(['translation_updated', 'message_updated']);
      // The notify lag (for /metrics) is measured where an event arrives from another node only.
      expect(lagsOnTwo).toHaveLength(2);
      expect(lagsOnTwo.every((s) => s >= 0 && s < 60)).toBe(true);
      expect(lagsOnOne).toEqual([]);
      await nodeOne.close();
      await nodeTwo.close();
    },
  );

  it('refuses an event too large for one NOTIFY on every node, delivering it nowhere', async () => {
    const bus = await createEventBus({ pool: database.pool });
    const heard: TStationEvent[] = [];
    bus.subscribe('clients:station-a', (e) => heard.push(e));
    expect(bus.listening('clients:station-a')).toBe(true);
    expect(bus.listening('clients:station-b')).toBe(false);
    const row = {
      stationId: 'clients:station-a',
      type: 'client_connected',
      data: { voices: 'v'.repeat(MAX_EVENT_BYTES) },
    };
    await expect(bus.publish(row)).rejects.toBeInstanceOf(EventTooLargeError);
    expect(heard).toEqual([]);
    // A node hands a row it read to its own subscribers, of any size.
    bus.deliverHere(row);
    expect(heard).toEqual([row]);
    await bus.close();
  });

  it.runIf(database.kind === 'postgres')('keeps what is delivered here on this node', async () => {
    const nodeOne = await createEventBus({ pool: database.pool });
    const nodeTwo = await createEventBus({ pool: database.pool });
    const heardOnTwo: string[] = [];
    let markerArrived: () => void = () => {};
    const marker = new Promise<void>((resolve) => {
      markerArrived = resolve;
    });
    nodeTwo.subscribe('station-a', (e) => {
      heardOnTwo.push(e.type);
      if (e.type === 'marker') markerArrived();
    });
    nodeOne.deliverHere({ stationId: 'station-a', type: 'here_only', data: {} });
    await nodeOne.publish({ stationId: 'station-a', type: 'marker', data: {} });
    await marker;
    expect(heardOnTwo).toEqual(['marker']);
    await nodeOne.close();
    await nodeTwo.close();
  });

  it('closes the database afterwards', async () => {
    await database.close();
  });
});
