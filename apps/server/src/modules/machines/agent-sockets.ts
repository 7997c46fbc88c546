// An agent's socket on this node, from attach to close: it must say hello in time, each frame is
// counted against its socket's and its key's budget before anything else (frame-budget.ts: over
// it, dropped unread; a socket that keeps flooding is closed), read within its limits
// (agent-frames.ts) and handled (agent-frame-handlers.ts), and when it closes its machine is
// marked gone and its unanswered commands fail.
import { AGENT_CLOSE } from '@message-station/shared';
import { changed, cutOffIfRefused, onFrame, REPLACED, type TSocketDeps } from './agent-frame-handlers.js';
import { readFrame } from './agent-frames.js';
import { refuse, type TAgentOwner, type TAgentSocket, type TConnection } from './connections.js';
import * as repo from './repo.js';

const HELLO_TIMEOUT_MS = 10_000;
/** A flooder that does not answer our close within this long is cut off. */
const CLOSE_GRACE_MS = 2_000;
export const TOO_MANY_FRAMES = 'Too many messages from this machine: it was disconnected.';

async function detach(deps: TSocketDeps, conn: TConnection) {
  deps.registry.remove(conn);
  if (!conn.clientId) return;
  await deps.runner.left(conn);
  const gone = await repo.markDisconnected(deps.db, conn.owner.stationId, conn.id, deps.now());
  if (gone) await changed(deps, conn, gone.clientId, 'disconnected');
}

/** Takes over a socket whose API key passed: it must say hello within HELLO_TIMEOUT_MS. */
function attach(deps: TSocketDeps, socket: TAgentSocket, owner: TAgentOwner, closing: () => boolean) {
  const conn = deps.registry.open(socket, owner, deps.now().getTime());
  const budget = deps.frames.open(owner.keyId, Date.now());
  const helloTimer = setTimeout(() => {
    if (!conn.clientId) refuse(socket, AGENT_CLOSE.protocol, 'Expected hello first.');
  }, HELLO_TIMEOUT_MS);
  let flooded = false;
  socket.on('message', (data) => {
    // Before any parsing: a frame over the budget costs a comparison (decision 0056).
    if (flooded) return;
    const verdict = budget.admit(Date.now());
    if (verdict === 'drop') return;
    if (verdict === 'close') {
      flooded = true;
      deps.log.warn({ client_id: conn.clientId, key_id: owner.keyId }, 'agent socket closed for flooding');
      refuse(socket, AGENT_CLOSE.tooManyFrames, TOO_MANY_FRAMES);
      setTimeout(() => {
        if (socket.readyState !== socket.CLOSED) socket.terminate();
      }, CLOSE_GRACE_MS).unref();
      return;
    }
    const read = readFrame(data);
    if (!('frame' in read)) return refuse(socket, read.code, read.error);
    conn.lastHeard = deps.now().getTime();
    onFrame(deps, conn, read.frame).catch((error) => {
      deps.log.error({ err: error, client_id: conn.clientId }, 'agent frame failed');
    });
  });
  socket.on('close', () => {
    clearTimeout(helloTimer);
    budget.release();
    if (closing()) return;
    detach(deps, conn).catch((error) => deps.log.error({ err: error }, 'agent disconnect failed'));
  });
  socket.on('error', (error) => deps.log.warn({ err: error }, 'agent socket error'));
}

export function createAgentSockets(deps: TSocketDeps) {
  let closing = false;
  return {
    attach: (socket: TAgentSocket, owner: TAgentOwner) => attach(deps, socket, owner, () => closing),

    /** Another node now holds this socket's machine. */
    replaced(connectionId: string) {
      const conn = deps.registry.byId(connectionId);
      if (conn) refuse(conn.socket, AGENT_CLOSE.replaced, REPLACED);
    },

    /** Closes every socket of a user whose key no longer passes (revoked, user deleted, access off). */
    async recheckUser(userId: string) {
      for (const conn of deps.registry.ofUser(userId)) await cutOffIfRefused(deps, conn);
    },

    /** Shutdown: sockets closing from now on are not detached one by one. */
    stopDetaching() {
      closing = true;
    },
  };
}
