// Commands for machines held by this node: handed to the machine's socket, and its answer (or its
// leaving) sent back to the node that waits for it.
import type { TAgentMessage, TAgentToServer } from '@message-station/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { getMessage, speechParts, type TMessageOutsideParts } from '../messages/service.js';
import { findStationById } from '../station/service.js';
import { refusalReply, type TReplyEnvelope, wire } from './agent-frames.js';
import { sendFrame, type TConnection, type TConnectionRegistry } from './connections.js';
import type { TCommandEnvelope } from './node-protocol.js';
import * as repo from './repo.js';

type TResultFrame = Extract<TAgentToServer, { type: 'result' }>;

export type TRunnerDeps = {
  db: Db;
  messageParts: TMessageOutsideParts;
  registry: TConnectionRegistry;
  reply(to: string, envelope: TReplyEnvelope): Promise<void>;
};

async function agentMessage(
  deps: Pick<TRunnerDeps, 'db' | 'messageParts'>,
  stationId: string,
  messageId: string,
): Promise<TAgentMessage> {
  const { db } = deps;
  const [message, station] = await Promise.all([
    getMessage({ db, stationId, messageParts: deps.messageParts }, messageId),
    findStationById(db, stationId),
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

async function notConnected(deps: TRunnerDeps, command: TCommandEnvelope) {
  const row = await repo.findClient(deps.db, command.station_id, command.client_id);
  const name = row?.clientName ?? 'The machine';
  const error = new AppError('machine_not_connected', { machine: name });
  await deps.reply(command.reply_to, refusalReply(command.request_id, error, name));
}

/** Hands a command to the machine's socket here; the machine's result answers it later. */
async function run(deps: TRunnerDeps, command: TCommandEnvelope) {
  const conn = deps.registry.holder(command.station_id, command.client_id);
  if (!conn || conn.socket.readyState !== conn.socket.OPEN) return notConnected(deps, command);
  const { request_id } = command;
  try {
    conn.inFlight.set(request_id, command.reply_to);
    if (command.action === 'stop') {
      sendFrame(conn.socket, { type: 'stop', request_id, message_id: command.message_id });
    } else {
      const message = await agentMessage(deps, command.station_id, command.message_id);
      sendFrame(conn.socket, { type: command.action, request_id, message });
    }
  } catch (error) {
    conn.inFlight.delete(request_id);
    const known = error instanceof AppError ? error : new AppError('machine_unreachable');
    await deps.reply(command.reply_to, refusalReply(request_id, known, conn.clientName));
  }
}

/** The machine's result for a command it was sent: passed on to the node waiting for it. */
async function answered(deps: TRunnerDeps, conn: TConnection, frame: TResultFrame) {
  const replyTo = conn.inFlight.get(frame.request_id);
  if (!replyTo) return;
  conn.inFlight.delete(frame.request_id);
  const refusal = () =>
    frame.error
      ? new AppError('machine_refused', { detail: frame.error })
      : new AppError('machine_could_not', { machine: conn.clientName });
  await deps.reply(replyTo, {
    request_id: frame.request_id,
    ok: frame.ok,
    ...(frame.ok ? {} : { status: 502, ...wire(refusal()) }),
    client_name: conn.clientName,
    export_path: frame.export_path,
    files: frame.files,
  });
}

/** The machine left: every command it had not answered fails at once. */
async function left(deps: TRunnerDeps, conn: TConnection) {
  for (const [requestId, replyTo] of conn.inFlight) {
    const error = new AppError('machine_disconnected', { machine: conn.clientName });
    await deps.reply(replyTo, refusalReply(requestId, error, conn.clientName));
  }
  conn.inFlight.clear();
}

export type TCommandRunner = ReturnType<typeof createCommandRunner>;

export function createCommandRunner(deps: TRunnerDeps) {
  return {
    run: (command: TCommandEnvelope) => run(deps, command),
    answered: (conn: TConnection, frame: TResultFrame) => answered(deps, conn, frame),
    left: (conn: TConnection) => left(deps, conn),
  };
}
