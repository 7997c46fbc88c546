import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/db.js';
import { createEventBus, EventTooLargeError, MAX_EVENT_BYTES, type TStationEvent } from './event-bus.js';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    await wait(200);
    expect(a.map((e) => e.type)).toEqual(['message_created']);
    expect(b).toEqual([]);
    await bus.close();
  });

  it.runIf(database.kind === 'postgres')(
    'carries events between nodes sharing PostgreSQL, once each',
    async () => {
      const nodeOne = await createEventBus({ pool: database.pool });
      const nodeTwo = await createEventBus({ pool: database.pool });
      const heardOnTwo: TStationEvent[] = [];
      const heardOnOne: TStationEvent[] = [];
      nodeTwo.subscribe('station-a', (e) => heardOnTwo.push(e));
      nodeOne.subscribe('station-a', (e) => heardOnOne.push(e));
      await nodeOne.publish({
        stationId: 'station-a',
        type: 'translation_updated',
        data: { language_code: 'es' },
      });
      for (let i = 0; i < 50 && heardOnTwo.length === 0; i++) await wait(50);
      expect(heardOnTwo).toEqual([
        {
          stationId: 'station-a',
          type: 'translation_updated',
          data: { language_code: 'es' },
        },
      ]);
      expect(heardOnOne).toHaveLength(1);
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
