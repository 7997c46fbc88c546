// The web tests' API: Mock Service Worker (msw) answers every fetch the app makes. A test lists the
// endpoints it needs as "METHOD /path" handlers (mockApi); anything else answers 404 JSON, as an
// unknown route would. Every fetch the app makes is recorded in order, as the app built it (its
// credentials, headers and body), for callsTo and bodiesSentTo. setup.ts starts the server and the
// record (startApiMock), and drops the handlers and the record after each test.
//
// msw 3 intercepts Node's requests at the socket, so the `Request` its handlers see is rebuilt from
// the bytes on the wire: its `credentials` is always `same-origin`, whatever the app asked for. So
// the record is taken one step earlier, from the `Request` the app's own `fetch` call builds, and
// the handler of that call is handed the same record (found by the call's async context).
import { AsyncLocalStorage } from 'node:async_hooks';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** A request the app sent, as its fetch call built it. */
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

/** One fetch call of the app: its record (whole once the body is read) and the reply's status text. */
interface TAppCall {
  sent: Promise<TSentRequest>;
  /** The status text of the reply a handler gave, when one did. */
  statusText?: string;
}

/** The app's fetch call a request belongs to: its handler runs in the call's async context. */
const appCalls = new AsyncLocalStorage<TAppCall>();

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

/** The fetch that msw answers, while the app's calls go through recordingFetch. */
let answeringFetch: typeof fetch | undefined;
/** How the global `fetch` was defined (by msw) before recordingFetch took its place. */
let answeringFetchProperty: PropertyDescriptor | undefined;

/**
 * The app's fetch: records the request the app built (when it is made, so in the order the app sent
 * them; the body read from a copy) and hands it on to msw, in an async context that tells the
 * handler which call it answers.
 */
function recordingFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (!answeringFetch) throw new Error('The API mock is not started (startApiMock in setup.ts).');
  const answer = answeringFetch;
  // The app asks for paths; they resolve against the page's address, as in a browser.
  const target =
    typeof input === 'string' && typeof location !== 'undefined' && !URL.canParse(input)
      ? new URL(input, location.href)
      : input;
  const request = new Request(target, init);
  const entry = recordOf(request);
  sentRequests.push(entry);
  const call: TAppCall = { sent: readBody(request.clone()).then((body) => Object.assign(entry, body)) };
  return appCalls.run(call, async () => {
    const response = await answer(request);
    // msw 3 writes the reply on the wire, where a status line needs a reason phrase: it puts the
    // standard one where the handler's reply had none. The app gets the handler's, as HTTP/2 (which
    // has no reason phrase) would give it.
    if (call.statusText !== undefined && response.statusText !== call.statusText)
      Object.defineProperty(response, 'statusText', { value: call.statusText });
    return response;
  });
}

/** Starts msw and the record of the app's fetch calls; setup.ts calls it before a file's tests. */
export function startApiMock() {
  // Every request gets an answer (unknown routes answer 404), so an unhandled one is a bug.
  server.listen({ onUnhandledFrame: 'error' });
  answeringFetch = globalThis.fetch;
  // msw defines its fetch read-only, so it is replaced as it was put, and put back the same way.
  answeringFetchProperty = Object.getOwnPropertyDescriptor(globalThis, 'fetch');
  Object.defineProperty(globalThis, 'fetch', { value: recordingFetch, configurable: true, enumerable: true });
}

/** Undoes startApiMock; setup.ts calls it after a file's tests. */
export function stopApiMock() {
  if (answeringFetchProperty) Object.defineProperty(globalThis, 'fetch', answeringFetchProperty);
  answeringFetch = undefined;
  answeringFetchProperty = undefined;
  server.close();
}

/** Forgets what was sent; setup.ts calls it after each test. */
export function clearSentRequests() {
  sentRequests.length = 0;
}

type TMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** One msw handler for "METHOD /path"; a key with a query string answers only that query. */
function route(key: string, handler: TApiHandler) {
  const [method = '', target = ''] = key.split(' ');
  const wanted = new URL(target, 'http://localhost');
  return http[method.toLowerCase() as TMethod](wanted.pathname, async ({ request }) => {
    const url = new URL(request.url);
    if (wanted.search && url.search !== wanted.search) return undefined;
    const call = appCalls.getStore();
    if (!call)
      throw new Error(
        `${request.method} ${url.pathname} was not sent through the app's fetch, so it has no record.`,
      );
    const reply = await handler(url, await call.sent);
    call.statusText = reply.statusText;
    return reply;
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
