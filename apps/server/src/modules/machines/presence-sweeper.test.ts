// The presence sweeper, on the hub's clock (set years away from the real one): machines silent for
// longer than the window are marked gone and their sockets here cut; the others are left alone.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentClients } from '../../db/schema/index.js';
import { createTestDatabase } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';
import { createConnectionRegistry, type TAgentOwner, type TAgentSocket } from './connections.js';
import type { TClientChange } from './machine-pages.js';
import { startPresenceSweeper } from './presence-sweeper.js';

const SILENT_MS = 45_000;
const database = await createTestDatabase();
const { db } = database;
/** The hub's clock: years after the real one, so a sweep on the real clock would find nothing. */
const clock = new Date('2031-03-04T09:00:00Z');
const before = (ms: number) => new Date(clock.getTime() - ms);
let stationId = '';

beforeAll(async () => {
  stationId = (await createStationWithAdmin(db, { slug: 'sweep' })).station.id;
});
afterAll(() => database.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A machine listed as connected by a node that died, last heard from at `lastSeen`. */
async function machine(clientId: string, lastSeen: Date, disconnectedAt: Date | null = null) {
  await db.insert(agentClients).values({
    stationId,
    clientId,
    clientName: clientId,
    nodeId: 'node-that-died',
    connectionId: crypto.randomUUID(),
    platform: 'Linux',
    clientVersion: '2.0.1',
    connectedAt: before(600_000),
    lastSeen,
    disconnectedAt,
  });
}

const disconnectedAt = async (clientId: string) =>
  (await db.select().from(agentClients).where(eq(agentClients.clientId, clientId)))[0]?.disconnectedAt;

function sweeperWith(registry = createConnectionRegistry()) {
  const changes: TClientChange[] = [];
  const sweeper = startPresenceSweeper({
    db,
    now: () => clock,
    registry,
    silentMs: SILENT_MS,
    everyMs: 15_000,
    clientChanged: async (change) => {
      changes.push(change);
    },
    log: { error: vi.fn() },
  });
  return { sweeper, changes };
}

function fakeSocket() {
  return { terminate: vi.fn(), readyState: 1, OPEN: 1 } as unknown as TAgentSocket & {
    terminate: ReturnType<typeof vi.fn>;
  };
}

const owner: TAgentOwner = {
  keyId: 'k',
  userId: 'u',
  stationId: 's',
  stationSlug: 'sweep',
  stationName: 'Sweep',
  fullName: 'Sam',
  email: 'sam@sweep.test',
};

describe('the presence sweeper', () => {
  it('marks machines gone once silent past the window, at the hub clock’s time, and says so', async () => {
    await machine('silent', before(SILENT_MS + 1));
    await machine('recent', before(SILENT_MS - 1000));
    await machine('left-earlier', before(600_000), before(500_000));
    const { sweeper, changes } = sweeperWith();
    await sweeper.sweep();
    sweeper.stop();
    expect(await disconnectedAt('silent')).toEqual(clock);
    expect(await disconnectedAt('recent')).toBeNull();
    expect(await disconnectedAt('left-earlier')).toEqual(before(500_000));
    expect(changes).toEqual([{ station_id: stationId, client_id: 'silent', change: 'disconnected' }]);
  });

  it('cuts the sockets here whose agent was silent past the window, by the hub clock', async () => {
    const registry = createConnectionRegistry();
    const quiet = fakeSocket();
    const chatty = fakeSocket();
    registry.open(quiet, owner, before(SILENT_MS + 1).getTime());
    registry.open(chatty, owner, before(SILENT_MS - 1000).getTime());
    const { sweeper } = sweeperWith(registry);
    await sweeper.sweep();
    sweeper.stop();
    expect(quiet.terminate).toHaveBeenCalledTimes(1);
    expect(chatty.terminate).not.toHaveBeenCalled();
  });

  it('sweeps by itself every period until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await machine('silent-between-sweeps', before(SILENT_MS + 1));
    const registry = createConnectionRegistry();
    const quiet = fakeSocket();
    registry.open(quiet, owner, before(SILENT_MS + 1).getTime());
    const { sweeper } = sweeperWith(registry);
    vi.advanceTimersByTime(14_999);
    expect(quiet.terminate).not.toHaveBeenCalled();
    expect(await disconnectedAt('silent-between-sweeps')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(quiet.terminate).toHaveBeenCalledTimes(1);
    await expect.poll(() => disconnectedAt('silent-between-sweeps')).toEqual(clock);
    sweeper.stop();
    vi.advanceTimersByTime(60_000);
    expect(quiet.terminate).toHaveBeenCalledTimes(1);
  });
});
