// Server-Sent Events for the live pages: opens the stream, sends a first event, forwards what
// the event bus publishes under a key, keeps idle proxies from closing it, and ends it when the
// browser leaves or the server shuts down.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TStationEvent } from './event-bus.js';

const HEARTBEAT_MS = 20_000;

type TEventSource = {
  subscribe(key: string, listener: (event: TStationEvent) => void): () => void;
};

export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    events: TEventSource;
    /** The bus key to forward (a station id, or a derived key such as 'clients:<station id>'). */
    key: string;
    first: { event: string; data: unknown };
    onShutdown(callback: () => void): void;
    /** Which bus events reach the browser (default: all). */
    accept?: (event: TStationEvent) => boolean;
  },
) {
  const raw = reply.raw;
  reply.hijack();
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // Tell nginx-style proxies not to buffer the stream.
    'x-accel-buffering': 'no',
  });
  const send = (event: string, data: unknown) =>
    raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send(options.first.event, options.first.data);
  const unsubscribe = options.events.subscribe(options.key, (event) => {
    if (!options.accept || options.accept(event)) send(event.type, event.data);
  });
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    unsubscribe();
  };
  request.raw.on('close', stop);
  options.onShutdown(() => {
    stop();
    raw.end();
  });
}
