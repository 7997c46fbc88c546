// Which agents are connected to this node: every open socket, and the one socket that holds each
// machine (a machine is held once it said hello; the newest socket of a machine wins).
import { randomUUID } from 'node:crypto';
import type { TServerToAgent } from '@message-station/shared';
import type { WebSocket } from 'ws';
import { CLOSE_REASON_BYTES, cutToBytes } from './agent-frames.js';

/** Who opened the socket, from the API key check. */
export type TAgentOwner = {
  keyId: string;
  userId: string;
  stationId: string;
  stationSlug: string;
  stationName: string;
  fullName: string;
  email: string;
};

/** The part of a WebSocket the hub uses (a test passes a stand-in). */
export type TAgentSocket = Pick<
  WebSocket,
  'OPEN' | 'CLOSED' | 'readyState' | 'send' | 'close' | 'terminate' | 'on'
>;

export type TConnection = {
  id: string;
  socket: TAgentSocket;
  owner: TAgentOwner;
  /** Set by the hello: until then the socket holds no machine. */
  clientId: string | null;
  clientName: string;
  /** When the agent last sent a frame, by the hub's clock (ms). */
  lastHeard: number;
  /** When its last heartbeat was checked and written (ms); null before the first. */
  lastHeartbeat: number | null;
  /** Commands sent to this machine: request id → the node waiting for the answer. */
  inFlight: Map<string, string>;
};

export function sendFrame(socket: TAgentSocket, frame: TServerToAgent) {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
}

/** Tells the agent why, then closes its socket with that reason. */
export function refuse(socket: TAgentSocket, code: number, error: string) {
  sendFrame(socket, { type: 'error', error });
  socket.close(code, cutToBytes(error, CLOSE_REASON_BYTES));
}

function newConnection(socket: TAgentSocket, owner: TAgentOwner, at: number): TConnection {
  return {
    id: randomUUID(),
    socket,
    owner,
    clientId: null,
    clientName: 'This machine',
    lastHeard: at,
    lastHeartbeat: null,
    inFlight: new Map(),
  };
}

export type TConnectionRegistry = ReturnType<typeof createConnectionRegistry>;

export function createConnectionRegistry() {
  const connections = new Map<string, TConnection>();
  const holders = new Map<string, TConnection>();
  const machineKey = (stationId: string, clientId: string) => `${stationId}/${clientId}`;

  return {
    /** A socket that has just opened; it holds no machine until `hold`. */
    open(socket: TAgentSocket, owner: TAgentOwner, at: number): TConnection {
      const conn = newConnection(socket, owner, at);
      connections.set(conn.id, conn);
      return conn;
    },

    /** Lets go of the socket holding a machine here and returns it (to be closed), if any. */
    release(stationId: string, clientId: string, keep: TConnection): TConnection | null {
      const key = machineKey(stationId, clientId);
      const older = holders.get(key);
      if (!older || older === keep) return null;
      holders.delete(key);
      return older;
    },

    /** Makes `conn` the socket that holds the machine it said hello as. */
    hold(conn: TConnection, clientId: string, clientName: string) {
      conn.clientId = clientId;
      conn.clientName = clientName;
      holders.set(machineKey(conn.owner.stationId, clientId), conn);
    },

    /** The socket holding a machine here, if any. */
    holder(stationId: string, clientId: string) {
      return holders.get(machineKey(stationId, clientId));
    },

    byId(connectionId: string) {
      return connections.get(connectionId);
    },

    /** Forgets a closed socket (and its machine, unless a newer socket holds it now). */
    remove(conn: TConnection) {
      connections.delete(conn.id);
      if (!conn.clientId) return;
      const key = machineKey(conn.owner.stationId, conn.clientId);
      if (holders.get(key) === conn) holders.delete(key);
    },

    ofUser(userId: string) {
      return [...connections.values()].filter((conn) => conn.owner.userId === userId);
    },

    all() {
      return [...connections.values()];
    },

    /** Forgets every socket at once (shutdown) and returns them. */
    clear() {
      const held = [...connections.values()];
      connections.clear();
      holders.clear();
      return held;
    },
  };
}
