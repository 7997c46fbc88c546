// What one app process ("node") tells another about machines, on the event bus (LISTEN/NOTIFY on
// PostgreSQL), under keys no browser stream listens to:
//   agent-node:<node>   commands for machines held by <node>, and "close this socket"
//   agent-reply:<node>  answers for requests that <node> is waiting on
//   agent-keys          an API key was revoked or its owner changed: recheck sockets
//   <station>           playback_state_changed (the messages stream)
// Payloads stay small (ids only): NOTIFY allows 8000 bytes. The holding node loads the message
// itself. (Machines joining, changing and leaving travel on agent-clients: machine-pages.ts.)
import type { TEventBus, TStationEvent } from '../../platform/event-bus.js';
import { fitReply, type TReplyEnvelope } from './agent-frames.js';

export type TCommandAction = 'play' | 'stop' | 'export';

/** A command, from the node the dashboard asked to the node holding the machine. */
export type TCommandEnvelope = {
  request_id: string;
  reply_to: string;
  station_id: string;
  client_id: string;
  action: TCommandAction;
  message_id: string;
};

export type TPlayback = { message_id: string; status: string; client_id: string };

/** What this node does when another node (or itself) speaks to it. */
export type TNodeListeners = {
  command(envelope: TCommandEnvelope): void;
  closeConnection(connectionId: string): void;
  reply(envelope: TReplyEnvelope): void;
  keysChanged(userId: string): void;
};

export type TNodeProtocol = ReturnType<typeof createNodeProtocol>;

const nodeKey = (nodeId: string) => `agent-node:${nodeId}`;
const replyKey = (nodeId: string) => `agent-reply:${nodeId}`;
const KEYS = 'agent-keys';

function listenAsNode(events: TEventBus, nodeId: string, on: TNodeListeners) {
  const stops = [
    events.subscribe(nodeKey(nodeId), (event: TStationEvent) => {
      if (event.type === 'agent_command') on.command(event.data as TCommandEnvelope);
      if (event.type === 'agent_close') on.closeConnection(String(event.data.connection_id));
    }),
    events.subscribe(replyKey(nodeId), (event: TStationEvent) => {
      on.reply(event.data as TReplyEnvelope);
    }),
    events.subscribe(KEYS, (event: TStationEvent) => {
      on.keysChanged(String(event.data.user_id));
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

export function createNodeProtocol(deps: {
  nodeId: string;
  events: TEventBus;
  log: { error(details: object, message: string): void };
}) {
  const { nodeId, events } = deps;

  /** For news nobody waits on: a failure is logged, never thrown at the sender. */
  const publish = (key: string, type: string, data: Record<string, unknown>) =>
    events.publish({ stationId: key, type, data }).catch((error) => {
      deps.log.error({ err: error }, `could not publish ${type}`);
    });

  return {
    nodeId,

    /** Hands a command to the node holding the machine; rejects when the bus refuses it. */
    sendCommand(holderNodeId: string, envelope: TCommandEnvelope) {
      return events.publish({ stationId: nodeKey(holderNodeId), type: 'agent_command', data: envelope });
    },

    /** An answer to the node waiting for it: handed over here when that is this node. */
    reply(to: string, envelope: TReplyEnvelope) {
      const event = { stationId: replyKey(to), type: 'agent_reply', data: envelope };
      if (to === nodeId) {
        events.deliverHere(event);
        return Promise.resolve();
      }
      return publish(event.stationId, event.type, fitReply(envelope));
    },

    /** Asks another node to close a socket of a machine that has connected again elsewhere. */
    closeConnection(holderNodeId: string, connectionId: string) {
      return publish(nodeKey(holderNodeId), 'agent_close', { connection_id: connectionId });
    },

    /** Tells every node that a user's API key changed, so its sockets are checked at once. */
    keysChanged(userId: string) {
      return publish(KEYS, 'api_keys_changed', { user_id: userId });
    },

    /** A machine's playback state, for the station's messages stream on every node. */
    playback(stationId: string, state: TPlayback) {
      return publish(stationId, 'playback_state_changed', state);
    },

    /** Starts listening for what other nodes send this one; returns the function that stops. */
    listen: (on: TNodeListeners) => listenAsNode(events, nodeId, on),
  };
}
