// An agent's socket on this node, from attach to close: the hello that makes it hold its machine,
// heartbeats (with the API key checked again), updates, playback and results, and its leaving.
// A frame that cannot be read within its limits closes the socket (agent-frames.ts says why).
import { AGENT_CLOSE, type TAgentInfo, type TAgentToServer } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { apiKeyRefusal } from '../users/service.js';
import { readFrame } from './agent-frames.js';
import type { createCommandRunner } from './command-runner.js';
import {
  refuse,
  sendFrame,
  type TAgentOwner,
  type TAgentSocket,
  type TConnection,
  type TConnectionRegistry,
} from './connections.js';
import type { TClientChange } from './machine-pages.js';
import type { TNodeProtocol } from './node-protocol.js';
import * as repo from './repo.js';

const HELLO_TIMEOUT_MS = 10_000;
const REPLACED = 'This machine connected again from another window.';
type TUpdate = Extract<TAgentToServer, { type: 'update' }>['info'];

export function createAgentSockets(deps: {
  db: Db;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  heartbeatSeconds: number;
  registry: TConnectionRegistry;
  protocol: TNodeProtocol;
  runner: ReturnType<typeof createCommandRunner>;
  clientChanged(change: TClientChange): Promise<void>;
}) {
  const { db, registry, protocol } = deps;
  let closing = false;
  const changed = (conn: TConnection, clientId: string, change: TClientChange['change'], lastSeen?: string) =>
    deps.clientChanged({
      station_id: conn.owner.stationId,
      client_id: clientId,
      change,
      ...(lastSeen && { last_seen: lastSeen }),
    });

  async function hello(conn: TConnection, info: TAgentInfo) {
    if (conn.clientId) return;
    const { owner } = conn;
    // The same machine on a second socket here: the newer socket wins.
    const older = registry.release(owner.stationId, info.client_id, conn);
    if (older) refuse(older.socket, AGENT_CLOSE.replaced, REPLACED);
    const { row, previous } = await repo.upsertConnected(db, owner.stationId, {
      info,
      userId: owner.userId,
      apiKeyId: owner.keyId,
      nodeId: protocol.nodeId,
      connectionId: conn.id,
      at: deps.now(),
    });
    if (previous && previous.nodeId !== protocol.nodeId)
      await protocol.closeConnection(previous.nodeId, previous.connectionId);
    registry.hold(conn, info.client_id, info.client_name);
    sendFrame(conn.socket, {
      type: 'welcome',
      station: { id: owner.stationSlug, slug: owner.stationSlug, display_name: owner.stationName },
      user: { full_name: owner.fullName, email: owner.email },
      heartbeat_seconds: deps.heartbeatSeconds,
    });
    await changed(conn, row.clientId, 'connected');
  }

  /** Closes the socket if its key no longer passes; true when it did. */
  async function cutOffIfRefused(conn: TConnection) {
    const refusal = await apiKeyRefusal(db, conn.owner.keyId);
    if (!refusal) return false;
    const code = refusal.status === 401 ? AGENT_CLOSE.unauthorized : AGENT_CLOSE.forbidden;
    refuse(conn.socket, code, refusal.error);
    return true;
  }

  async function heartbeat(conn: TConnection) {
    if (await cutOffIfRefused(conn)) return;
    const at = deps.now();
    const row = await repo.updateConnection(db, conn.owner.stationId, conn.id, { lastSeen: at });
    sendFrame(conn.socket, { type: 'heartbeat_ack' });
    if (!row) return;
    await changed(conn, row.clientId, 'seen', at.toISOString());
  }

  async function update(conn: TConnection, info: TUpdate) {
    const row = await repo.updateReported(db, conn.owner.stationId, conn.id, info, deps.now());
    if (!row) return;
    conn.clientName = row.clientName;
    await changed(conn, row.clientId, 'updated');
  }

  async function onFrame(conn: TConnection, frame: TAgentToServer) {
    if (frame.type === 'hello') return hello(conn, frame.info);
    if (!conn.clientId) return refuse(conn.socket, AGENT_CLOSE.protocol, 'Expected hello first.');
    if (frame.type === 'heartbeat') return heartbeat(conn);
    if (frame.type === 'update') return update(conn, frame.info);
    if (frame.type === 'result') return deps.runner.answered(conn, frame);
    const { message_id, status } = frame;
    return protocol.playback(conn.owner.stationId, { message_id, status, client_id: conn.clientId });
  }

  async function detach(conn: TConnection) {
    registry.remove(conn);
    if (!conn.clientId) return;
    await deps.runner.left(conn);
    const gone = await repo.markDisconnected(db, conn.owner.stationId, conn.id, deps.now());
    if (gone) await changed(conn, gone.clientId, 'disconnected');
  }

  return {
    /** Takes over a socket whose API key passed: it must say hello within HELLO_TIMEOUT_MS. */
    attach(socket: TAgentSocket, owner: TAgentOwner) {
      const conn = registry.open(socket, owner, deps.now().getTime());
      const helloTimer = setTimeout(() => {
        if (!conn.clientId) refuse(socket, AGENT_CLOSE.protocol, 'Expected hello first.');
      }, HELLO_TIMEOUT_MS);
      socket.on('message', (data) => {
        const read = readFrame(data);
        if (!('frame' in read)) return refuse(socket, read.code, read.error);
        conn.lastHeard = deps.now().getTime();
        onFrame(conn, read.frame).catch((error) => {
          deps.log.error({ err: error, client_id: conn.clientId }, 'agent frame failed');
        });
      });
      socket.on('close', () => {
        clearTimeout(helloTimer);
        if (closing) return;
        detach(conn).catch((error) => deps.log.error({ err: error }, 'agent disconnect failed'));
      });
      socket.on('error', (error) => deps.log.warn({ err: error }, 'agent socket error'));
    },

    /** Another node now holds this socket's machine. */
    replaced(connectionId: string) {
      const conn = registry.byId(connectionId);
      if (conn) refuse(conn.socket, AGENT_CLOSE.replaced, REPLACED);
    },

    /** Closes every socket of a user whose key no longer passes (revoked, user deleted, access off). */
    async recheckUser(userId: string) {
      for (const conn of registry.ofUser(userId)) await cutOffIfRefused(conn);
    },

    /** Shutdown: sockets closing from now on are not detached one by one. */
    stopDetaching() {
      closing = true;
    },
  };
}
