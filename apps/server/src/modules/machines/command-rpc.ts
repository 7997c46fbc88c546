// Play / Stop / Export asked of a machine wherever it is connected: the command goes to the node
// holding it, and this node waits for the answer (or its time limit) under a request id.
import { randomUUID } from 'node:crypto';
import { AGENT_COMMAND_TIMEOUT_MS } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { AppError, refusalFromWire } from '../../platform/errors.js';
import { refusalReply, type TReplyEnvelope } from './agent-frames.js';
import type { TCommandAction, TCommandEnvelope } from './node-protocol.js';
import * as repo from './repo.js';

export type TCommandResult = { clientName: string; exportPath?: string; files?: string[] };

type TPending = { resolve(reply: TReplyEnvelope): void; timer: NodeJS.Timeout };

export type TRpcDeps = {
  db: Db;
  now: () => Date;
  nodeId: string;
  sendCommand(holderNodeId: string, envelope: TCommandEnvelope): Promise<void>;
  /** Overrides for tests. */
  timeouts?: Partial<Record<TCommandAction, number>>;
};

/** The answer to `requestId`, or `late` once `timeoutMs` has passed without one. */
function answerTo(
  pending: Map<string, TPending>,
  requestId: string,
  timeoutMs: number,
  late: TReplyEnvelope,
) {
  return new Promise<TReplyEnvelope>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(requestId);
      resolve(late);
    }, timeoutMs);
    pending.set(requestId, { resolve, timer });
  });
}

async function command(
  deps: TRpcDeps,
  pending: Map<string, TPending>,
  target: { stationId: string; clientId: string },
  action: TCommandAction,
  messageId: string,
): Promise<TCommandResult> {
  const row = await repo.findClient(deps.db, target.stationId, target.clientId);
  if (!row) throw new AppError('machine_not_found');
  if (!repo.isLive(row, deps.now())) throw new AppError('machine_not_connected', { machine: row.clientName });
  const requestId = randomUUID();
  const noAnswer = new AppError('machine_no_answer', { machine: row.clientName });
  const answer = answerTo(
    pending,
    requestId,
    deps.timeouts?.[action] ?? AGENT_COMMAND_TIMEOUT_MS[action],
    refusalReply(requestId, noAnswer, row.clientName),
  );
  await deps.sendCommand(row.nodeId, {
    request_id: requestId,
    reply_to: deps.nodeId,
    station_id: target.stationId,
    client_id: target.clientId,
    action,
    message_id: messageId,
  });
  const result = await answer;
  if (!result.ok) throw refusalFromWire(result.status ?? 502, result.code, result.params, result.error);
  return { clientName: result.client_name, exportPath: result.export_path, files: result.files };
}

export function createCommandRpc(deps: TRpcDeps) {
  const pending = new Map<string, TPending>();
  return {
    /** Sends a command to a machine wherever it is connected and waits for its answer. */
    command: (stationId: string, clientId: string, action: TCommandAction, messageId: string) =>
      command(deps, pending, { stationId, clientId }, action, messageId),

    /** An answer arrived: hands it to the command waiting for it (none after its time limit). */
    settle(envelope: TReplyEnvelope) {
      const waiting = pending.get(envelope.request_id);
      if (!waiting) return;
      pending.delete(envelope.request_id);
      clearTimeout(waiting.timer);
      waiting.resolve(envelope);
    },

    /** Shutdown: every command still waiting is answered "server restarting" at once. */
    abandonAll() {
      for (const [requestId, waiting] of pending) {
        clearTimeout(waiting.timer);
        waiting.resolve(refusalReply(requestId, new AppError('server_restarting'), ''));
      }
      pending.clear();
    },
  };
}
