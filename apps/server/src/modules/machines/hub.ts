// The agent hub of one app process ("node"): holds the WebSockets of the machines connected
// here, keeps agent_clients up to date, tells the Machines pages what changed, and carries
// Play/Stop/Export from any node to the node holding the machine and the answer back.
//
// Everything between nodes travels on the event bus (LISTEN/NOTIFY on PostgreSQL), under keys
// no browser stream listens to:
//   agent-node:<node>   commands for machines held by <node>, and "close this socket"
//   agent-reply:<node>  answers for requests that <node> is waiting on
//   agent-keys          an API key was revoked or its owner changed: recheck sockets
//   agent-clients       a machine connected, changed, was heard from or left: ids only
//   <station>           playback_state_changed (the messages stream)
// Payloads stay small (ids only): NOTIFY allows 8000 bytes. The holding node loads the message
// itself; every node reads a changed machine's row (its voices may run to kilobytes) and hands
// it to its own Machines pages under clients:<station> (client_connected / client_updated /
// client_disconnected), in the order the changes happened.
//
// Agent frames are bounded twice: a frame over AGENT_FRAME_MAX_BYTES closes the socket with 1009,
// and every field has a limit (ZAgentToServer) that closes it with 4400 naming the field.
import { randomUUID } from 'node:crypto';
import {
  AGENT_CLOSE,
  AGENT_COMMAND_TIMEOUT_MS,
  AGENT_HEARTBEAT_SECONDS,
  AGENT_STALE_SECONDS,
  errorText,
  type TAgentInfo,
  type TAgentMessage,
  type TAgentToServer,
  type TServerToAgent,
} from '@message-station/shared';
import { and, isNull, lt } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Db } from '../../db/client.js';
import { agentClients } from '../../db/schema/index.js';
import { AppError, refusalFromWire } from '../../platform/errors.js';
import type { TEventBus, TStationEvent } from '../../platform/event-bus.js';
import { getMessage, speechParts } from '../messages/service.js';
import { findStationById } from '../station/service.js';
import { apiKeyRefusal } from '../users/service.js';
import { CLOSE_REASON_BYTES, cutToBytes, fitReply, readFrame, type TReplyEnvelope } from './agent-frames.js';
import { createMachinePages, type TClientChange } from './machine-pages.js';
import * as repo from './repo.js';

export type TCommandAction = 'play' | 'stop' | 'export';

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

export type TCommandResult = { clientName: string; exportPath?: string; files?: string[] };

type TConnection = {
  id: string;
  socket: WebSocket;
  owner: TAgentOwner;
  clientId: string | null;
  clientName: string;
  lastHeard: number;
  /** Commands sent to this machine: request id → the node waiting for the answer. */
  inFlight: Map<string, string>;
};

type TCommandEnvelope = {
  request_id: string;
  reply_to: string;
  station_id: string;
  client_id: string;
  action: TCommandAction;
  message_id: string;
};

type TPending = {
  resolve(reply: TReplyEnvelope): void;
  timer: NodeJS.Timeout;
};

const HELLO_TIMEOUT_MS = 10_000;
export function notConnectedText(clientName: string) {
  return errorText('machine_not_connected', { machine: clientName });
}

/** A refusal as one node hands it to another: English text, code and params. */
function wire(error: AppError) {
  return { error: error.message, code: error.code, params: error.params };
}

export type TAgentHub = Awaited<ReturnType<typeof createAgentHub>>;

export function createAgentHub(deps: {
  db: Db;
  events: TEventBus;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Overrides for tests. */
  timeouts?: Partial<Record<TCommandAction, number>>;
  heartbeatSeconds?: number;
}) {
  const nodeId = randomUUID();
  const connections = new Map<string, TConnection>();
  const byClient = new Map<string, TConnection>();
  const pending = new Map<string, TPending>();
  const heartbeatSeconds = deps.heartbeatSeconds ?? AGENT_HEARTBEAT_SECONDS;
  const staleMs = (AGENT_STALE_SECONDS * 1000 * heartbeatSeconds) / AGENT_HEARTBEAT_SECONDS;
  let closing = false;
  const clientKey = (stationId: string, clientId: string) => `${stationId}/${clientId}`;

  const publish = (key: string, type: string, data: Record<string, unknown>) =>
    deps.events.publish({ stationId: key, type, data }).catch((error) => {
      deps.log.error({ err: error }, `could not publish ${type}`);
    });

  function send(socket: WebSocket, frame: TServerToAgent) {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  }

  function refuse(socket: WebSocket, code: number, error: string) {
    send(socket, { type: 'error', error });
    socket.close(code, cutToBytes(error, CLOSE_REASON_BYTES));
  }

  /** An answer to the node waiting for it: handed over here when that is this node. */
  function reply(to: string, envelope: TReplyEnvelope) {
    const event = { stationId: `agent-reply:${to}`, type: 'agent_reply', data: envelope };
    if (to === nodeId) {
      deps.events.deliverHere(event);
      return Promise.resolve();
    }
    return publish(event.stationId, event.type, fitReply(envelope));
  }

  const machinePages = createMachinePages(deps);
  /** Tells every node's Machines pages that a machine changed; they read its row themselves. */
  const clientChanged = (change: TClientChange) =>
    machinePages.changed(change).catch((error) => {
      deps.log.error({ err: error }, 'could not publish client_changed');
    });

  // ---- sockets held here ---------------------------------------------------------------------

  function attach(socket: WebSocket, owner: TAgentOwner) {
    const conn: TConnection = {
      id: randomUUID(),
      socket,
      owner,
      clientId: null,
      clientName: 'This machine',
      lastHeard: Date.now(),
      inFlight: new Map(),
    };
    connections.set(conn.id, conn);
    const helloTimer = setTimeout(() => {
      if (!conn.clientId) refuse(socket, AGENT_CLOSE.protocol, 'Expected hello first.');
    }, HELLO_TIMEOUT_MS);

    socket.on('message', (data) => {
      const read = readFrame(data);
      if (!('frame' in read)) {
        refuse(socket, read.code, read.error);
        return;
      }
      conn.lastHeard = Date.now();
      handleFrame(conn, read.frame).catch((error) => {
        deps.log.error({ err: error, client_id: conn.clientId }, 'agent frame failed');
      });
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      if (closing) return;
      detach(conn).catch((error) => deps.log.error({ err: error }, 'agent disconnect failed'));
    });
    socket.on('error', (error) => deps.log.warn({ err: error }, 'agent socket error'));
  }

  async function handleFrame(conn: TConnection, frame: TAgentToServer) {
    if (frame.type === 'hello') return hello(conn, frame.info);
    if (!conn.clientId) {
      refuse(conn.socket, AGENT_CLOSE.protocol, 'Expected hello first.');
      return;
    }
    const stationId = conn.owner.stationId;
    switch (frame.type) {
      case 'heartbeat':
        return heartbeat(conn);
      case 'update': {
        const { info } = frame;
        const row = await repo.updateConnection(deps.db, stationId, conn.id, {
          ...(info.client_name !== undefined && { clientName: info.client_name }),
          ...(info.platform !== undefined && { platform: info.platform }),
          ...(info.audio_output_device !== undefined && { audioOutputDevice: info.audio_output_device }),
          ...(info.voices !== undefined && { voices: info.voices }),
          ...(info.client_version !== undefined && { clientVersion: info.client_version }),
          lastSeen: deps.now(),
        });
        if (row) {
          conn.clientName = row.clientName;
          await clientChanged({ station_id: stationId, client_id: row.clientId, change: 'updated' });
        }
        return;
      }
      case 'playback':
        return publish(stationId, 'playback_state_changed', {
          message_id: frame.message_id,
          status: frame.status,
          client_id: conn.clientId,
        });
      case 'result': {
        const replyTo = conn.inFlight.get(frame.request_id);
        if (!replyTo) return;
        conn.inFlight.delete(frame.request_id);
        return reply(replyTo, {
          request_id: frame.request_id,
          ok: frame.ok,
          status: frame.ok ? undefined : 502,
          ...(frame.ok
            ? {}
            : wire(
                frame.error
                  ? new AppError(502, 'machine_refused', { detail: frame.error })
                  : new AppError(502, 'machine_could_not', { machine: conn.clientName }),
              )),
          client_name: conn.clientName,
          export_path: frame.export_path,
          files: frame.files,
        });
      }
    }
  }

  async function hello(conn: TConnection, info: TAgentInfo) {
    if (conn.clientId) return;
    const { owner } = conn;
    const key = clientKey(owner.stationId, info.client_id);
    // The same machine on a second socket here: the newer socket wins.
    const older = byClient.get(key);
    if (older && older !== conn) {
      byClient.delete(key);
      refuse(older.socket, AGENT_CLOSE.replaced, 'This machine connected again from another window.');
    }
    const { row, previous } = await repo.upsertConnected(deps.db, owner.stationId, {
      info,
      userId: owner.userId,
      apiKeyId: owner.keyId,
      nodeId,
      connectionId: conn.id,
      at: deps.now(),
    });
    if (previous && previous.nodeId !== nodeId) {
      await publish(`agent-node:${previous.nodeId}`, 'agent_close', {
        connection_id: previous.connectionId,
      });
    }
    conn.clientId = info.client_id;
    conn.clientName = info.client_name;
    byClient.set(key, conn);
    send(conn.socket, {
      type: 'welcome',
      station: { id: owner.stationSlug, slug: owner.stationSlug, display_name: owner.stationName },
      user: { full_name: owner.fullName, email: owner.email },
      heartbeat_seconds: heartbeatSeconds,
    });
    await clientChanged({ station_id: owner.stationId, client_id: row.clientId, change: 'connected' });
  }

  /** Closes the socket if its key no longer passes; true when it did. */
  async function cutOffIfRefused(conn: TConnection) {
    const refusal = await apiKeyRefusal(deps.db, conn.owner.keyId);
    if (!refusal) return false;
    const code = refusal.status === 401 ? AGENT_CLOSE.unauthorized : AGENT_CLOSE.forbidden;
    refuse(conn.socket, code, refusal.error);
    return true;
  }

  async function heartbeat(conn: TConnection) {
    if (await cutOffIfRefused(conn)) return;
    const at = deps.now();
    const row = await repo.updateConnection(deps.db, conn.owner.stationId, conn.id, { lastSeen: at });
    send(conn.socket, { type: 'heartbeat_ack' });
    if (row) {
      await clientChanged({
        station_id: conn.owner.stationId,
        client_id: row.clientId,
        change: 'seen',
        last_seen: at.toISOString(),
      });
    }
  }

  async function detach(conn: TConnection) {
    connections.delete(conn.id);
    if (!conn.clientId) return;
    const key = clientKey(conn.owner.stationId, conn.clientId);
    if (byClient.get(key) === conn) byClient.delete(key);
    for (const [requestId, replyTo] of conn.inFlight) {
      await reply(replyTo, {
        request_id: requestId,
        ok: false,
        status: 409,
        ...wire(new AppError(409, 'machine_disconnected', { machine: conn.clientName })),
        client_name: conn.clientName,
      });
    }
    conn.inFlight.clear();
    const gone = await repo.markDisconnected(deps.db, conn.owner.stationId, conn.id, deps.now());
    if (gone)
      await clientChanged({
        station_id: conn.owner.stationId,
        client_id: gone.clientId,
        change: 'disconnected',
      });
  }

  /** Closes every socket of a user whose key no longer passes (revoked, user deleted, access off). */
  async function recheckUser(userId: string) {
    for (const conn of connections.values()) {
      if (conn.owner.userId === userId) await cutOffIfRefused(conn);
    }
  }

  // ---- commands arriving for machines held here ---------------------------------------------

  async function agentMessage(stationId: string, messageId: string): Promise<TAgentMessage> {
    const [message, station] = await Promise.all([
      getMessage({ db: deps.db, stationId }, messageId),
      findStationById(deps.db, stationId),
    ]);
    return {
      id: message.id,
      title: message.title,
      message_type: message.message_type,
      station_name: station?.displayName ?? 'Station',
      created_at: message.createdAt,
      parts: speechParts(message),
    };
  }

  async function runCommand(command: TCommandEnvelope) {
    const conn = byClient.get(clientKey(command.station_id, command.client_id));
    if (!conn || conn.socket.readyState !== conn.socket.OPEN) {
      const row = await repo.findClient(deps.db, command.station_id, command.client_id);
      const name = row?.clientName ?? 'The machine';
      await reply(command.reply_to, {
        request_id: command.request_id,
        ok: false,
        status: 409,
        ...wire(new AppError(409, 'machine_not_connected', { machine: name })),
        client_name: name,
      });
      return;
    }
    try {
      conn.inFlight.set(command.request_id, command.reply_to);
      if (command.action === 'stop') {
        send(conn.socket, { type: 'stop', request_id: command.request_id, message_id: command.message_id });
      } else {
        const message = await agentMessage(command.station_id, command.message_id);
        send(conn.socket, { type: command.action, request_id: command.request_id, message });
      }
    } catch (error) {
      conn.inFlight.delete(command.request_id);
      const known = error instanceof AppError;
      await reply(command.reply_to, {
        request_id: command.request_id,
        ok: false,
        status: known ? error.statusCode : 500,
        ...wire(known ? error : new AppError(500, 'machine_unreachable')),
        client_name: conn.clientName,
      });
    }
  }

  const unsubscribers = [
    machinePages.stop,
    deps.events.subscribe(`agent-node:${nodeId}`, (event: TStationEvent) => {
      if (event.type === 'agent_command') void runCommand(event.data as TCommandEnvelope);
      if (event.type === 'agent_close') {
        const conn = connections.get(String(event.data.connection_id));
        if (conn)
          refuse(conn.socket, AGENT_CLOSE.replaced, 'This machine connected again from another window.');
      }
    }),
    deps.events.subscribe(`agent-reply:${nodeId}`, (event: TStationEvent) => {
      const envelope = event.data as TReplyEnvelope;
      const waiting = pending.get(envelope.request_id);
      if (!waiting) return;
      pending.delete(envelope.request_id);
      clearTimeout(waiting.timer);
      waiting.resolve(envelope);
    }),
    deps.events.subscribe('agent-keys', (event: TStationEvent) => {
      void recheckUser(String(event.data.user_id));
    }),
  ];

  // ---- housekeeping ---------------------------------------------------------------------------

  async function sweep() {
    // Sockets of agents that went silent (a sleeping laptop, a dead network) are closed here.
    for (const conn of connections.values()) {
      if (Date.now() - conn.lastHeard > staleMs) conn.socket.terminate();
    }
    // Machines of nodes that died without closing their sockets.
    const cutoff = new Date(deps.now().getTime() - staleMs);
    const stale = await deps.db
      .update(agentClients)
      .set({ disconnectedAt: deps.now() })
      .where(and(isNull(agentClients.disconnectedAt), lt(agentClients.lastSeen, cutoff)))
      .returning({ stationId: agentClients.stationId, clientId: agentClients.clientId });
    for (const row of stale) {
      await clientChanged({ station_id: row.stationId, client_id: row.clientId, change: 'disconnected' });
    }
  }
  const sweeper = setInterval(() => {
    sweep().catch((error) => deps.log.error({ err: error }, 'machine sweep failed'));
  }, heartbeatSeconds * 1000);
  sweeper.unref();

  return {
    nodeId,
    attach,

    /** Machines of the station connected now (on any node). */
    async list(stationId: string) {
      const rows = await repo.listConnected(deps.db, stationId, deps.now());
      return rows.map(repo.toApi);
    },

    /** Sends a command to a machine wherever it is connected and waits for its answer. */
    async command(stationId: string, clientId: string, action: TCommandAction, messageId: string) {
      const row = await repo.findClient(deps.db, stationId, clientId);
      if (!row) throw new AppError(404, 'machine_not_found');
      if (!repo.isLive(row, deps.now()))
        throw new AppError(409, 'machine_not_connected', { machine: row.clientName });
      const requestId = randomUUID();
      const timeout = deps.timeouts?.[action] ?? AGENT_COMMAND_TIMEOUT_MS[action];
      const answer = new Promise<TReplyEnvelope>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(requestId);
          resolve({
            request_id: requestId,
            ok: false,
            status: 504,
            ...wire(new AppError(504, 'machine_no_answer', { machine: row.clientName })),
            client_name: row.clientName,
          });
        }, timeout);
        pending.set(requestId, { resolve, timer });
      });
      const envelope: TCommandEnvelope = {
        request_id: requestId,
        reply_to: nodeId,
        station_id: stationId,
        client_id: clientId,
        action,
        message_id: messageId,
      };
      await deps.events.publish({
        stationId: `agent-node:${row.nodeId}`,
        type: 'agent_command',
        data: envelope,
      });
      const result = await answer;
      if (!result.ok) throw refusalFromWire(result.status ?? 502, result.code, result.params, result.error);
      return { clientName: result.client_name, exportPath: result.export_path, files: result.files };
    },

    /** Tells every node that a user's API key changed, so its sockets are checked at once. */
    keysChanged(userId: string) {
      return publish('agent-keys', 'api_keys_changed', { user_id: userId });
    },

    /** Closes the sockets held here and marks their machines gone. */
    async close() {
      closing = true;
      clearInterval(sweeper);
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const [requestId, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.resolve({
          request_id: requestId,
          ok: false,
          status: 503,
          ...wire(new AppError(503, 'server_restarting')),
          client_name: '',
        });
      }
      pending.clear();
      const held = [...connections.values()];
      connections.clear();
      byClient.clear();
      for (const conn of held) conn.socket.close(1001, 'Server shutting down');
      await repo.markNodeDisconnected(deps.db, nodeId, deps.now());
      for (const conn of held) {
        if (conn.clientId) {
          await clientChanged({
            station_id: conn.owner.stationId,
            client_id: conn.clientId,
            change: 'disconnected',
          });
        }
      }
    },
  };
}
