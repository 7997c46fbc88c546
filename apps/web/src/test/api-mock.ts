// The web tests' API: Mock Service Worker (msw) answers every fetch the app makes. A test lists the
// endpoints it needs as "METHOD /path" handlers (mockApi); anything else answers 404 JSON, as an
// unknown route would. Every request is recorded in order, with its body, for callsTo and
// bodiesSentTo. setup.ts starts the server, drops the handlers and the record after each test.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** A request the app sent, as the server saw it. */
export interface TSentRequest {
  method: string;
  url: URL;
  /** Path and query string, as the app asked for it. */
  path: string;
  headers: Headers;
  credentials: RequestCredentials;
  /** FormData, parsed JSON, other text, or undefined without a body. */
  body: unknown;
  /** The body as sent: its text, or FormData. */
  rawBody: string | FormData | undefined;
}

/** Answers one "METHOD /path"; `url` keeps the query string for handlers that read it. */
export type TApiHandler = (url: URL, sent: TSentRequest) => Response | Promise<Response>;

/** A reply that never arrives: fetch rejects as it does when the network is down. */
export function networkError(): Response {
  return HttpResponse.error();
}

/** What no handler answers: the server's reply to an unknown route. */
const notFound = http.all('*', () => HttpResponse.json({ error: 'Not found' }, { status: 404 }));

export const server = setupServer(notFound);

const sentRequests: TSentRequest[] = [];
const recorded = new Map<string, Promise<TSentRequest>>();

async function readBody(request: Request): Promise<Pick<TSentRequest, 'body' | 'rawBody'>> {
  if (request.method === 'GET' || request.method === 'HEAD' || !request.body)
    return { body: undefined, rawBody: undefined };
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    const form = await request.formData();
    return { body: form, rawBody: form };
  }
  const text = await request.text();
  if (!text) return { body: undefined, rawBody: undefined };
  try {
    return { body: JSON.parse(text), rawBody: text };
  } catch {
    return { body: text, rawBody: text };
  }
}

function recordOf(request: Request): TSentRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    url,
    path: url.pathname + url.search,
    headers: new Headers(request.headers),
    credentials: request.credentials,
    body: undefined,
    rawBody: undefined,
  };
}

// Recorded when the request starts (so in the order the app sent them); the body is read from a
// copy, and every handler waits for it, so the record is whole before the app sees an answer.
server.events.on('request:start', ({ request, requestId }) => {
  const entry = recordOf(request);
  sentRequests.push(entry);
  recorded.set(
    requestId,
    readBody(request.clone()).then((body) => Object.assign(entry, body)),
  );
});

/** Forgets what was sent; setup.ts calls it after each test. */
export function clearSentRequests() {
  sentRequests.length = 0;
  recorded.clear();
}

type TMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** One msw handler for "METHOD /path"; a key with a query string answers only that query. */
function route(key: string, handler: TApiHandler) {
  const [method = '', target = ''] = key.split(' ');
  const wanted = new URL(target, 'http://localhost');
  return http[method.toLowerCase() as TMethod](wanted.pathname, async ({ request, requestId }) => {
    const url = new URL(request.url);
    if (wanted.search && url.search !== wanted.search) return undefined;
    // A request the previous test left running was sent before the record was cleared.
    const sent =
      (await recorded.get(requestId)) ?? Object.assign(recordOf(request), await readBody(request.clone()));
    return handler(url, sent);
  });
}

/** The record of what the app sent; read it with callsTo, callCount and bodiesSentTo. */
export interface TApiMock {
  readonly requests: readonly TSentRequest[];
}

const apiLog: TApiMock = { requests: sentRequests };

/** Answers `handlers`, keyed by "METHOD /path", for this test; unknown calls answer 404. */
export function mockApi(handlers: Record<string, TApiHandler>): TApiMock {
  server.use(...Object.entries(handlers).map(([key, handler]) => route(key, handler)));
  return apiLog;
}

/** The requests sent to `method path` (query string left out), in order. */
export function callsTo(api: TApiMock, method: string, path: string): TSentRequest[] {
  return api.requests.filter((sent) => sent.method === method && sent.url.pathname === path);
}

export function callCount(api: TApiMock, method: string, path: string): number {
  return callsTo(api, method, path).length;
}

/** The bodies sent with every `method path` call, in order (FormData or parsed JSON), as the shape the test expects. */
export function bodiesSentTo<TBody = unknown>(api: TApiMock, method: string, path: string): TBody[] {
  return callsTo(api, method, path).map((sent) => sent.body as TBody);
}
