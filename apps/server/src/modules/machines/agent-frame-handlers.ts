// What each frame from a connected agent does: the hello that makes its socket hold the machine,
// heartbeats (with the API key checked again), updates of what it reports, playback and results.
import { AGENT_CLOSE, type TAgentInfo, type TAgentToServer } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { apiKeyRefusal } from '../users/service.js';
import type { TCommandRunner } from './command-runner.js';
import { refuse, sendFrame, type TConnection, type TConnectionRegistry } from './connections.js';
import type { TFrameBudgets } from './frame-budget.js';
import type { TClientChange } from './machine-pages.js';
import type { TNodeProtocol } from './node-protocol.js';
import * as repo from './repo.js';

export const REPLACED = 'This machine connected again from another window.';
type TUpdate = Extract<TAgentToServer, { type: 'update' }>['info'];

export type TSocketDeps = {
  db: Db;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  heartbeatSeconds: number;
  registry: TConnectionRegistry;
  /** Frames per socket and per API key (frame-budget.ts). */
  frames: TFrameBudgets;
  protocol: TNodeProtocol;
  runner: TCommandRunner;
  clientChanged(change: TClientChange): Promise<void>;
};

/** Tells every node's Machines pages that this socket's machine changed. */
export function changed(
  deps: TSocketDeps,
  conn: TConnection,
  clientId: string,
  change: TClientChange['change'],
  lastSeen?: string,
) {
  return deps.clientChanged({
    station_id: conn.owner.stationId,
    client_id: clientId,
    change,
    ...(lastSeen && { last_seen: lastSeen }),
  });
}

async function hello(deps: TSocketDeps, conn: TConnection, info: TAgentInfo) {
  if (conn.clientId) return;
  const { owner } = conn;
  const { protocol } = deps;
  // The same machine on a second socket here: the newer socket wins.
  const older = deps.registry.release(owner.stationId, info.client_id, conn);
  if (older) refuse(older.socket, AGENT_CLOSE.replaced, REPLACED);
  const { row, previous } = await repo.upsertConnected(deps.db, owner.stationId, {
    info,
    userId: owner.userId,
    apiKeyId: owner.keyId,
    nodeId: protocol.nodeId,
    connectionId: conn.id,
    at: deps.now(),
  });
  if (previous && previous.nodeId !== protocol.nodeId)
    await protocol.closeConnection(previous.nodeId, previous.connectionId);
  deps.registry.hold(conn, info.client_id, info.client_name);
  sendFrame(conn.socket, {
    type: 'welcome',
    station: { id: owner.stationSlug, slug: owner.stationSlug, display_name: owner.stationName },
    user: { full_name: owner.fullName, email: owner.email },
    heartbeat_seconds: deps.heartbeatSeconds,
  });
  await changed(deps, conn, row.clientId, 'connected');
}

/** Closes the socket if its key no longer passes; true when it did. */
export async function cutOffIfRefused(deps: TSocketDeps, conn: TConnection) {
  const refusal = await apiKeyRefusal(deps.db, conn.owner.keyId);
  if (!refusal) return false;
  const code = refusal.status === 401 ? AGENT_CLOSE.unauthorized : AGENT_CLOSE.forbidden;
  refuse(conn.socket, code, refusal.error);
  return true;
}

async function heartbeat(deps: TSocketDeps, conn: TConnection) {
  const at = deps.now();
  // A heartbeat much sooner than the agent's interval (a flood within the frame budget) is only
  // acknowledged: the key check and the write wait for one that is due (decision 0056).
  const soonerThan = (deps.heartbeatSeconds * 1000) / 3;
  if (conn.lastHeartbeat !== null && at.getTime() - conn.lastHeartbeat < soonerThan) {
    sendFrame(conn.socket, { type: 'heartbeat_ack' });
    return;
  }
  conn.lastHeartbeat = at.getTime();
  if (await cutOffIfRefused(deps, conn)) return;
  const row = await repo.updateConnection(deps.db, conn.owner.stationId, conn.id, { lastSeen: at });
  sendFrame(conn.socket, { type: 'heartbeat_ack' });
  if (row) await changed(deps, conn, row.clientId, 'seen', at.toISOString());
}

async function update(deps: TSocketDeps, conn: TConnection, info: TUpdate) {
  const row = await repo.updateReported(deps.db, conn.owner.stationId, conn.id, info, deps.now());
  if (!row) return;
  conn.clientName = row.clientName;
  await changed(deps, conn, row.clientId, 'updated');
}

export async function onFrame(deps: TSocketDeps, conn: TConnection, frame: TAgentToServer) {
  if (frame.type === 'hello') return hello(deps, conn, frame.info);
  if (!conn.clientId) return refuse(conn.socket, AGENT_CLOSE.protocol, 'Expected hello first.');
  if (frame.type === 'heartbeat') return heartbeat(deps, conn);
  if (frame.type === 'update') return update(deps, conn, frame.info);
  if (frame.type === 'result') return deps.runner.answered(conn, frame);
  const { message_id, status } = frame;
  return deps.protocol.playback(conn.owner.stationId, { message_id, status, client_id: conn.clientId });
}
