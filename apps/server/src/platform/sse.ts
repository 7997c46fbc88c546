// Server-Sent Events for the live pages: opens the stream, sends a first event, forwards what
// the event bus publishes under a key, keeps idle proxies from closing it, and ends it when the
// browser leaves or the server shuts down.
//
// Streams are bounded per node: a session keeps at most MAX_STREAMS_PER_SESSION (a new one closes
// its oldest, so reloading tabs never locks anyone out: the oldest is usually a tab already gone
// whose close the server has not seen yet), a user at most MAX_STREAMS_PER_USER over all their
// sessions (a new one closes the user's oldest the same way: only their own pages are affected,
// decision 0056), and a station at most MAX_STREAMS_PER_STATION (a new one beyond is refused with
// 429, so one member cannot push colleagues' pages off). A station API key counts as its own user.
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import type { TStationEvent } from './event-bus.js';
import { authOf } from './guards.js';

export const HEARTBEAT_MS = 20_000;
/** How a station API key's requests name their "session" (modules/public-api/auth.ts). */
const STATION_KEY_SESSION_PREFIX = 'station-key:';
export const MAX_STREAMS_PER_SESSION = 10;
/** Three sessions' worth (a desktop, a laptop, a phone): one user never holds a station's streams. */
export const MAX_STREAMS_PER_USER = 30;
export const MAX_STREAMS_PER_STATION = 200;
export const TOO_MANY_STREAMS = 'Too many live pages are open for this station. Close some and try again.';
/** The last event of a stream closed for a newer one of the same session. */
export const STREAM_CLOSED_EVENT = 'stream_closed';

type TEventSource = {
  subscribe(key: string, listener: (event: TStationEvent) => void): () => void;
};

export type TStreamLimits = { perSession: number; perUser: number; perStation: number };

// What streams write is encoded once and shared (decision 0063): the heartbeat is one Buffer for
// every stream, and a bus event is encoded once however many streams forward it, instead of a
// JSON text, a string and its bytes per stream: with thousands of streams open, each event would
// otherwise allocate thousands of copies of itself.
const HEARTBEAT = Buffer.from(': heartbeat\n\n');
const frame = (event: string, data: unknown) =>
  Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
/** The bus delivers an event to every listener in one go: its frame is kept for that delivery only. */
const busFrames = new WeakMap<TStationEvent, Buffer>();
function busFrame(event: TStationEvent): Buffer {
  let encoded = busFrames.get(event);
  if (!encoded) {
    encoded = frame(event.type, event.data);
    busFrames.set(event, encoded);
    queueMicrotask(() => busFrames.delete(event));
  }
  return encoded;
}

/**
 * One timer beats for every open stream of a node (not a timer and a closure per stream), writing
 * the same Buffer to each; it runs only while some stream is open.
 */
export function createHeartbeat(intervalMs: number) {
  const beating = new Set<Pick<ServerResponse, 'write'>>();
  let timer: NodeJS.Timeout | undefined;
  return {
    start(stream: Pick<ServerResponse, 'write'>) {
      beating.add(stream);
      timer ??= setInterval(() => {
        for (const each of beating) each.write(HEARTBEAT);
      }, intervalMs);
    },
    stop(stream: Pick<ServerResponse, 'write'>) {
      beating.delete(stream);
      if (beating.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
  };
}

type TOpenStream = {
  sessionId: string;
  /** Whose streams these are: the user, or a station API key (it is no one's session). */
  userId: string;
  stationId: string;
  close(): void;
};

/** The streams open on one node, oldest first. */
export function createStreamRegistry(limits: TStreamLimits) {
  const open: TOpenStream[] = [];
  const count = (test: (stream: TOpenStream) => boolean) => open.filter(test).length;
  const release = (stream: TOpenStream) => {
    const index = open.indexOf(stream);
    if (index !== -1) open.splice(index, 1);
  };
  return {
    /** Makes room for `stream` (closing its session's, then its user's oldest) or throws 429; then counts it. */
    admit(stream: TOpenStream) {
      const closeOldest = (mine: (s: TOpenStream) => boolean, limit: number) => {
        const own = open.filter(mine);
        for (const oldest of own.slice(0, Math.max(0, own.length - limit + 1))) {
          oldest.close();
          release(oldest);
        }
      };
      closeOldest((s) => s.sessionId === stream.sessionId, limits.perSession);
      closeOldest((s) => s.userId === stream.userId, limits.perUser);
      if (count((s) => s.stationId === stream.stationId) >= limits.perStation) {
        throw new AppError('too_many_streams', {}, { limit: limits.perStation });
      }
      open.push(stream);
    },
    release,
    count,
  };
}

export type TStreamRegistry = ReturnType<typeof createStreamRegistry>;

// One registry and heartbeat per app (its event bus), so two apps in one test process count apart.
const registries = new WeakMap<TEventSource, TStreamRegistry>();
const heartbeats = new WeakMap<TEventSource, ReturnType<typeof createHeartbeat>>();
function registryOf(events: TEventSource) {
  let registry = registries.get(events);
  if (!registry) {
    registry = createStreamRegistry({
      perSession: MAX_STREAMS_PER_SESSION,
      perUser: MAX_STREAMS_PER_USER,
      perStation: MAX_STREAMS_PER_STATION,
    });
    registries.set(events, registry);
  }
  return registry;
}
function heartbeatOf(events: TEventSource) {
  let heartbeat = heartbeats.get(events);
  if (!heartbeat) {
    heartbeat = createHeartbeat(HEARTBEAT_MS);
    heartbeats.set(events, heartbeat);
  }
  return heartbeat;
}

/** The streams open on this node (for /metrics). */
export function openStreamCount(events: TEventSource): number {
  return registries.get(events)?.count(() => true) ?? 0;
}

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    events: TEventSource;
    /** The bus key to forward (a station id, or a derived key such as 'clients:<station id>'). */
    key: string;
    first: { event: string; data: unknown };
    /** Registers a callback for server shutdown; returns how to unregister it. */
    onShutdown(callback: () => void): () => void;
    /**
     * The reconnection time (`retry:` field) told to WHATWG EventSource clients: how long they wait
     * before reconnecting after the stream ends or drops (theirs, about 3 s, otherwise).
     */
    retryMs?: number;
    /** Which bus events reach the browser (default: all). */
    accept?: (event: TStationEvent) => boolean;
  },
) {
  const { sessionId, userId, stationId } = authOf(request);
  const registry = registryOf(options.events);
  const heartbeat = heartbeatOf(options.events);
  const raw = reply.raw;
  const send = (event: string, data: unknown) => raw.write(frame(event, data));
  let stop = () => {};
  const stream: TOpenStream = {
    sessionId,
    // A station key's "session" names the key (modules/public-api/auth.ts): it counts on its own,
    // not as the admin who made it, so an integration never closes that admin's pages.
    userId: sessionId.startsWith(STATION_KEY_SESSION_PREFIX) ? sessionId : userId,
    stationId,
    close() {
      stop();
      // Says why, so a page can stop reconnecting instead of closing another tab in turn.
      send(STREAM_CLOSED_EVENT, { reason: 'too_many_streams' });
      raw.end();
    },
  };
  // Before the stream opens: a refusal is an ordinary 429 answer.
  registry.admit(stream);

  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tell nginx-style proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  if (options.retryMs !== undefined) raw.write(`retry: ${Math.round(options.retryMs)}\n\n`);
  send(options.first.event, options.first.data);
  const unsubscribe = options.events.subscribe(options.key, (event) => {
    if (!options.accept || options.accept(event)) raw.write(busFrame(event));
  });
  heartbeat.start(raw);
  // Everything the stream holds is let go once it ends, however it ends: the shutdown callback
  // (which holds the response) included, or every stream ever opened would stay in memory.
  let forgetShutdown = () => {};
  stop = () => {
    heartbeat.stop(raw);
    unsubscribe();
    registry.release(stream);
    forgetShutdown();
  };
  request.raw.once('close', stop);
  forgetShutdown = options.onShutdown(() => {
    stop();
    raw.end();
  });
  // A stream that has said all it had to (the public API's, once every translation is final).
  return {
    send,
    end() {
      stop();
      raw.end();
    },
  };
}
