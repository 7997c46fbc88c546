// A fetch mock that routes "METHOD /path" (query string left out) to handlers, and what it was sent.
import { vi } from 'vitest';
import { jsonResponse } from './render-app';

/** Answers one "METHOD /path"; `url` keeps the query string for handlers that read it. */
export type TApiHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function parseUrl(input: RequestInfo | URL): URL {
  return new URL(String(input), 'http://localhost');
}

/** Replaces fetch with `handlers` keyed by "METHOD /path"; unknown calls answer 404. */
export function mockApi(handlers: Record<string, TApiHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = parseUrl(input);
    const handler = handlers[`${init.method ?? 'GET'} ${url.pathname}`];
    return handler ? handler(url, init) : jsonResponse({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type TApiMock = ReturnType<typeof mockApi>;

/** The calls made to `method path`, in order, with their parsed URL and init. */
export function callsTo(fetchMock: TApiMock, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && parseUrl(input).pathname === path)
    .map(([input, init]) => ({ url: parseUrl(input), init }));
}

export function callCount(fetchMock: TApiMock, method: string, path: string): number {
  return callsTo(fetchMock, method, path).length;
}

/** What a call sent: its FormData, its parsed JSON, or undefined without a body. */
export function sentBody(init: RequestInit | undefined): unknown {
  if (init?.body instanceof FormData) return init.body;
  return init?.body ? JSON.parse(String(init.body)) : undefined;
}

/** The bodies sent with every `method path` call, in order (see `sentBody`), as the shape the test expects. */
export function bodiesSentTo<TBody = unknown>(fetchMock: TApiMock, method: string, path: string): TBody[] {
  return callsTo(fetchMock, method, path).map(({ init }) => sentBody(init) as TBody);
}
