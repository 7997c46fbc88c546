// The request id of the work being done, wherever it runs: set for each HTTP request (from a valid
// incoming X-Request-Id, e.g. Caddy's, else a new UUID), carried by the jobs a request queues and
// restored while a worker runs them, so the log lines and the provider calls of that work (as
// X-Request-Id) carry the id of the request that caused it.

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

type TRequestContext = {
  requestId: string;
  /** True inside an HTTP request, whose log lines carry the id already (Fastify's reqId). */
  http: boolean;
};

const storage = new AsyncLocalStorage<TRequestContext>();

/** What an incoming X-Request-Id may be to be used as is: short, no spaces or quotes. */
const VALID_ID = /^[\w.:@/+=-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && VALID_ID.test(header) ? header : randomUUID();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function withRequestId<T>(requestId: string | undefined, fn: () => T, http = false): T {
  return requestId ? storage.run({ requestId, http }, fn) : fn();
}

/** pino's mixin: work outside an HTTP request (jobs, dispatch) logs the id of its request. */
export function requestIdLogMixin(): { reqId?: string } {
  const context = storage.getStore();
  return context && !context.http ? { reqId: context.requestId } : {};
}

/** Headers for a provider call made as part of a request. */
export function requestIdHeaders(): Record<string, string> {
  const id = currentRequestId();
  return id ? { 'X-Request-Id': id } : {};
}
