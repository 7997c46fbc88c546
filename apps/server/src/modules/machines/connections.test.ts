// Which agents are connected here: the newest socket of a machine holds it, and an older socket
// closing late never drops the machine from the newer one.
import { describe, expect, it, vi } from 'vitest';
import { createConnectionRegistry, refuse, type TAgentOwner, type TAgentSocket } from './connections.js';

const owner = (userId: string, stationId = 'station-1'): TAgentOwner => ({
  keyId: `key-${userId}`,
  userId,
  stationId,
  stationSlug: 'demo',
  stationName: 'Demo Radio',
  fullName: 'Sam',
  email: 'sam@demo.test',
});

function fakeSocket(readyState = 1) {
  return {
    readyState,
    OPEN: 1,
    send: vi.fn(),
    close: vi.fn(),
    terminate: vi.fn(),
  } as unknown as TAgentSocket & {
    send: ReturnType<typeof vi.fn>;
    close: ReturnType<typeof vi.fn>;
  };
}

describe('the connection registry', () => {
  it('holds a machine by the socket that said hello, per station', () => {
    const registry = createConnectionRegistry();
    const conn = registry.open(fakeSocket(), owner('sam'), 1000);
    expect(conn).toMatchObject({ clientId: null, lastHeard: 1000 });
    expect(registry.holder('station-1', 'studio')).toBeUndefined();
    registry.hold(conn, 'studio', 'Studio PC');
    expect(registry.holder('station-1', 'studio')).toBe(conn);
    expect(registry.holder('station-2', 'studio')).toBeUndefined();
    expect(registry.byId(conn.id)).toBe(conn);
  });

  it('lets the older socket of a machine go when a newer one says hello', () => {
    const registry = createConnectionRegistry();
    const older = registry.open(fakeSocket(), owner('sam'), 0);
    registry.hold(older, 'studio', 'Studio PC');
    const newer = registry.open(fakeSocket(), owner('sam'), 0);
    expect(registry.release('station-1', 'studio', newer)).toBe(older);
    registry.hold(newer, 'studio', 'Studio PC');
    // The older socket's close arrives afterwards: the machine stays with the newer one.
    registry.remove(older);
    expect(registry.holder('station-1', 'studio')).toBe(newer);
    expect(registry.release('station-1', 'studio', newer)).toBeNull();
    registry.remove(newer);
    expect(registry.holder('station-1', 'studio')).toBeUndefined();
    expect(registry.all()).toEqual([]);
  });

  it("finds a user's sockets, and forgets every socket at shutdown", () => {
    const registry = createConnectionRegistry();
    const sams = [registry.open(fakeSocket(), owner('sam'), 0), registry.open(fakeSocket(), owner('sam'), 0)];
    const kim = registry.open(fakeSocket(), owner('kim'), 0);
    registry.hold(kim, 'lobby', 'Lobby');
    expect(registry.ofUser('sam')).toEqual(sams);
    expect(registry.clear()).toEqual([...sams, kim]);
    expect(registry.all()).toEqual([]);
    expect(registry.holder('station-1', 'lobby')).toBeUndefined();
  });

  it('refuses a socket with the reason as a frame and as a close reason within 123 bytes', () => {
    const socket = fakeSocket();
    refuse(socket, 4401, 'é'.repeat(100));
    expect(JSON.parse(socket.send.mock.calls[0]?.[0])).toEqual({ type: 'error', error: 'é'.repeat(100) });
    expect(socket.close).toHaveBeenCalledWith(4401, 'é'.repeat(61));
    const closed = fakeSocket(3);
    refuse(closed, 4401, 'Gone');
    expect(closed.send).not.toHaveBeenCalled();
  });
});
