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
import v8 from 'node:v8';
import vm from 'node:vm';
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

/**
 * After a burst of closed streams, one full garbage collection (decision 0063). A node that has
 * just dropped thousands of streams allocates little, so V8 may wait minutes before a full
 * collection, and until then the closed streams' sockets and buffers keep their memory (RSS stayed
 * at 1.8-2.2x its level before 15,000 streams; after a collection it was back to 1.0x). Once
 * `closes` streams have closed since the last one and none has closed for `quietMs`, `collect` runs
 * once: never while streams are still closing, and a node whose pages come and go one by one
 * never reaches it.
 */
export function createAfterBurstCollection(options: {
  closes: number;
  quietMs: number;
  collect: () => void;
}) {
  let closed = 0;
  let timer: NodeJS.Timeout | undefined;
  return {
    closed() {
      closed++;
      if (closed < options.closes) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        closed = 0;
        options.collect();
      }, options.quietMs);
      timer.unref();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** How many closed streams make a burst, and how long without a close ends it. */
export const COLLECT_AFTER_CLOSES = 1_000;
export const COLLECT_QUIET_MS = 10_000;

let collector: (() => void) | undefined;
/**
 * V8's full collection, asked for in the background (`execution: 'async'`: the collection runs as
 * V8 schedules it, not as one pause inside this call). Node exposes it only behind V8's
 * `--expose-gc` flag; setting the flag at run time and reading `gc` from a new context gives this
 * one function without exposing `gc` to the application's own global scope.
 */
export function fullCollection(): void {
  if (!collector) {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (options?: { type: 'major'; execution: 'async' }) => void;
    collector = () => gc({ type: 'major', execution: 'async' });
  }
  collector();
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

// One registry, heartbeat and collection rule per app (its event bus), so two apps in one test
// process count apart.
function perApp<T>(make: () => T) {
  const made = new WeakMap<TEventSource, T>();
  return (events: TEventSource): T => {
    let value = made.get(events);
    if (value === undefined) {
      value = make();
      made.set(events, value);
    }
    return value;
  };
}
const registryOf = perApp(() =>
  createStreamRegistry({
    perSession: MAX_STREAMS_PER_SESSION,
    perUser: MAX_STREAMS_PER_USER,
    perStation: MAX_STREAMS_PER_STATION,
  }),
);
const heartbeatOf = perApp(() => createHeartbeat(HEARTBEAT_MS));
const collectionOf = perApp(() =>
  createAfterBurstCollection({
    closes: COLLECT_AFTER_CLOSES,
    quietMs: COLLECT_QUIET_MS,
    collect: fullCollection,
  }),
);

/** The streams open on this node (for /metrics). */
export function openStreamCount(events: TEventSource): number {
  return registryOf(events).count(() => true);
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
  let stopped = false;
  stop = () => {
    if (stopped) return;
    stopped = true;
    heartbeat.stop(raw);
    unsubscribe();
    registry.release(stream);
    forgetShutdown();
    collectionOf(options.events).closed();
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

/**
 * A stream of the signed-in station's own events (the bus key is its id), opening with `connected`
 * and the station's id: the Messages, Inbox and Dashboard pages' streams, each with its `accept`.
 */
export function openStationStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: Pick<Parameters<typeof openEventStream>[2], 'events' | 'onShutdown' | 'accept'>,
) {
  const { stationId } = authOf(request);
  return openEventStream(request, reply, {
    ...options,
    key: stationId,
    first: { event: 'connected', data: { station_id: stationId } },
  });
}
