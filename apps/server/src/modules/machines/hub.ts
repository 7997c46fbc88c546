// The agent hub of one app process ("node"): holds the WebSockets of the machines connected
// here, keeps agent_clients up to date, tells the Machines pages what changed, and carries
// Play/Stop/Export from any node to the node holding the machine and the answer back.
// Its parts, one file each:
//   connections.ts       which agents are connected here (and which socket holds each machine)
//   agent-sockets.ts     one socket from attach to close (agent-frame-handlers.ts: its frames)
//   frame-budget.ts      how many frames a socket and an API key may send (over it: dropped)
//   node-protocol.ts     what nodes tell each other on the event bus (LISTEN/NOTIFY)
//   command-rpc.ts       a command asked here: sent to the holding node, answer or time limit
//   command-runner.ts    a command for a machine held here: to its socket, its answer back
//   presence-sweeper.ts  silent sockets cut, machines of dead nodes marked gone
//   machine-pages.ts     every node's Machines pages hear of each change, in order
//   connected-client.ts  a machine's row as the pages and the live list show it
// Every SQL is in repo.ts; every time is read from the injected clock (`now`).
import { randomUUID } from 'node:crypto';
import { AGENT_HEARTBEAT_SECONDS, AGENT_STALE_SECONDS } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import type { TEventBus } from '../../platform/event-bus.js';
import type { TMessageOutsideParts } from '../messages/service.js';
import { createAgentSockets } from './agent-sockets.js';
import { createCommandRpc } from './command-rpc.js';
import { createCommandRunner } from './command-runner.js';
import { toApi } from './connected-client.js';
import { createConnectionRegistry } from './connections.js';
import { createFrameBudgets, type TFrameLimits } from './frame-budget.js';
import { createMachinePages, type TClientChange } from './machine-pages.js';
import { createNodeProtocol, type TCommandAction } from './node-protocol.js';
import { startPresenceSweeper } from './presence-sweeper.js';
import * as repo from './repo.js';

export type { TCommandResult } from './command-rpc.js';
export type { TAgentOwner } from './connections.js';
export type { TCommandAction } from './node-protocol.js';

type THubDeps = {
  db: Db;
  /** What a message shows of modules above messages, for the commands' messages. */
  messageParts: TMessageOutsideParts;
  events: TEventBus;
  now: () => Date;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Overrides for tests. */
  timeouts?: Partial<Record<TCommandAction, number>>;
  heartbeatSeconds?: number;
  frameLimits?: TFrameLimits;
};

/** The parts of one node's hub, wired to each other. */
function assemble(deps: THubDeps) {
  const { db, now, log } = deps;
  const nodeId = randomUUID();
  const heartbeatSeconds = deps.heartbeatSeconds ?? AGENT_HEARTBEAT_SECONDS;
  const registry = createConnectionRegistry();
  const frames = createFrameBudgets(deps.frameLimits);
  const protocol = createNodeProtocol({ nodeId, events: deps.events, log });
  const machinePages = createMachinePages(deps);
  /** Tells every node's Machines pages that a machine changed; they read its row themselves. */
  const clientChanged = (change: TClientChange) =>
    machinePages.changed(change).catch((error) => {
      log.error({ err: error }, 'could not publish client_changed');
    });
  const runner = createCommandRunner({
    db,
    messageParts: deps.messageParts,
    registry,
    reply: protocol.reply,
  });
  const { timeouts } = deps;
  const rpc = createCommandRpc({ db, now, nodeId, sendCommand: protocol.sendCommand, timeouts });
  const sockets = createAgentSockets({
    ...deps,
    heartbeatSeconds,
    registry,
    frames,
    protocol,
    runner,
    clientChanged,
  });
  const sweeper = startPresenceSweeper({
    db,
    now,
    registry,
    silentMs: (AGENT_STALE_SECONDS * 1000 * heartbeatSeconds) / AGENT_HEARTBEAT_SECONDS,
    everyMs: heartbeatSeconds * 1000,
    clientChanged,
    log,
  });
  return { nodeId, registry, frames, protocol, machinePages, clientChanged, runner, rpc, sockets, sweeper };
}

type THubParts = ReturnType<typeof assemble>;

/** What other nodes (and this one) send this node: commands, closes, answers, changed keys. */
function listenToNodes({ protocol, runner, sockets, rpc }: THubParts, log: THubDeps['log']) {
  return protocol.listen({
    command: (envelope) => {
      runner.run(envelope).catch((error) => log.error({ err: error }, 'agent command failed'));
    },
    closeConnection: sockets.replaced,
    reply: rpc.settle,
    keysChanged: (userId) => {
      sockets.recheckUser(userId).catch((error) => log.error({ err: error }, 'agent key recheck failed'));
    },
  });
}

/** Closes the sockets held here and marks their machines gone. */
async function closeHub(parts: THubParts, deps: THubDeps, stopListening: () => void) {
  parts.sockets.stopDetaching();
  parts.sweeper.stop();
  parts.machinePages.stop();
  stopListening();
  parts.rpc.abandonAll();
  const held = parts.registry.clear();
  for (const conn of held) conn.socket.close(1001, 'Server shutting down');
  await repo.markNodeDisconnected(deps.db, parts.nodeId, deps.now());
  for (const conn of held) {
    if (!conn.clientId) continue;
    const { stationId } = conn.owner;
    await parts.clientChanged({ station_id: stationId, client_id: conn.clientId, change: 'disconnected' });
  }
}

export type TAgentHub = ReturnType<typeof createAgentHub>;

export function createAgentHub(deps: THubDeps) {
  const parts = assemble(deps);
  const stopListening = listenToNodes(parts, deps.log);
  return {
    nodeId: parts.nodeId,
    /** Agent sockets open on this node (for /metrics). */
    connectedHere: () => parts.registry.all().length,
    /** Agent frames dropped over their budget, and sockets closed for flooding, on this node. */
    frameStats: () => ({ ...parts.frames.stats }),
    attach: parts.sockets.attach,
    /** Machines of the station connected now (on any node). */
    async list(stationId: string) {
      const rows = await repo.listConnected(deps.db, stationId, deps.now());
      return rows.map(toApi);
    },
    /** Sends a command to a machine wherever it is connected and waits for its answer. */
    command: parts.rpc.command,
    /** Tells every node that a user's API key changed, so its sockets are checked at once. */
    keysChanged: parts.protocol.keysChanged,
    /** Closes the sockets held here and marks their machines gone. */
    close: () => closeHub(parts, deps, stopListening),
  };
}
