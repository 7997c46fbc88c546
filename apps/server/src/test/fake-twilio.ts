// A loopback stand-in for Twilio's REST API: Messages.json takes form posts with Basic auth and
// answers as Twilio does (201 with a message resource, or an error body with code and status),
// and lists messages. Every request is first checked against Twilio's own OpenAPI description
// (test-support/twilio-openapi.ts): one Twilio would refuse gets Twilio's 400 (or 401/404/405)
// and is kept in `rejected`, and `close()` then fails, so the test that made it fails too.
// Sends and lists can also answer as Twilio does when things go wrong (decision 0051): its JSON
// error, JSON without a message, a gateway's HTML 502, an empty 500, a 429 with Retry-After, a
// 503, no answer at all, or a cut connection.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkTwilioRequest, type TTwilioRejection } from '../../../../test-support/twilio-openapi.js';

export type TFakeTwilioRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The X-Request-Id the call carried (the request whose work it is). */
  requestId: string | undefined;
  form: Record<string, string>;
};

/** A request Twilio's description refuses, and what the fake answered. */
export type TFakeTwilioRejected = { method: string; path: string } & TTwilioRejection;

/** Seconds, or an HTTP date, as the Retry-After header carries them. */
type TRetryAfter = number | string;

export type TFakeTwilioReply =
  /** Accepted at once (counted as sent; for a list, the list); the answer leaves after `delayMs` when given. */
  | { kind: 'ok'; delayMs?: number }
  /** Twilio's JSON error: {code, message, more_info, status}. */
  | { kind: 'error'; status: number; code: number; message: string; retryAfter?: TRetryAfter }
  /** Any JSON body with this status (e.g. `{ code: 20500, status: 500 }`: no message). */
  | { kind: 'json'; status: number; body: unknown; retryAfter?: TRetryAfter }
  /** A gateway's HTML page in front of Twilio (502 unless told). */
  | { kind: 'html'; status?: number }
  /** A status with no body at all (500 unless told). */
  | { kind: 'empty'; status?: number; retryAfter?: TRetryAfter }
  /** 429 with Retry-After and Twilio's 20429 error. */
  | { kind: 'throttled'; retryAfter: TRetryAfter }
  /** 503 with Twilio's 20503 error, and Retry-After when given. */
  | { kind: 'unavailable'; retryAfter?: TRetryAfter }
  /** Never answers: the client must time out (a send is not accepted). */
  | { kind: 'hang' }
  /** The connection is cut before any answer (a send is not accepted). */
  | { kind: 'reset' };

type TFakeMessage = {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  created: Date;
  resource: object;
};

/** A list's reply per request: `nth` counts every list request since the fake started, from 1. */
export type TFakeTwilioListRule = (query: URLSearchParams, nth: number) => TFakeTwilioReply | null;

const GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n';

/** Answers a reply that is not `ok`; false when it is `ok` (the caller answers). */
function answerFailure(res: http.ServerResponse, reply: TFakeTwilioReply): boolean {
  const retryAfter = (value: TRetryAfter | undefined): Record<string, string> =>
    value === undefined ? {} : { 'retry-after': String(value) };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const twilioError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
    json(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers);
  switch (reply.kind) {
    case 'ok':
      return false;
    case 'error':
      twilioError(reply.status, reply.code, reply.message, retryAfter(reply.retryAfter));
      return true;
    case 'json':
      json(reply.status, reply.body, retryAfter(reply.retryAfter));
      return true;
    case 'html':
      res.writeHead(reply.status ?? 502, { 'content-type': 'text/html' });
      res.end(GATEWAY_HTML);
      return true;
    case 'empty':
      res.writeHead(reply.status ?? 500, { 'content-length': '0', ...retryAfter(reply.retryAfter) });
      res.end();
      return true;
    case 'throttled':
      twilioError(429, 20429, 'Too Many Requests', retryAfter(reply.retryAfter));
      return true;
    case 'unavailable':
      twilioError(503, 20503, 'Service unavailable', retryAfter(reply.retryAfter));
      return true;
    case 'hang':
      return true; // never answers: the client must time out
    case 'reset':
      res.socket?.destroy();
      return true;
  }
}

export async function startFakeTwilio() {
  const requests: TFakeTwilioRequest[] = [];
  /** Every message the fake accepted, oldest first: what Twilio would have sent. */
  const messages: TFakeMessage[] = [];
  /** Requests Twilio's OpenAPI description refuses (each answered as Twilio would). */
  const rejected: TFakeTwilioRejected[] = [];
  let next: TFakeTwilioReply = { kind: 'ok' };
  let counter = 0;
  let listRequests = 0;
  let listRule: TFakeTwilioListRule | null = null;
  let replyFor: ((form: Record<string, string>) => TFakeTwilioReply | null) | null = null;

  const refuse = (res: http.ServerResponse, method: string, path: string, rejection: TTwilioRejection) => {
    rejected.push({ method, path, ...rejection });
    answerFailure(res, { kind: 'error', ...rejection });
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '', 'http://fake');
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const method = req.method ?? '';
      const formParams = new URLSearchParams(raw);
      const rejection = checkTwilioRequest({
        method,
        path: url.pathname,
        query: url.searchParams,
        form: raw ? formParams : undefined,
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
      });
      if (rejection) {
        refuse(res, method, url.pathname, rejection);
        return;
      }
      if (method === 'GET' && url.pathname.endsWith('/Messages.json')) {
        // The Messages list: filtered by To and From, newest first, one page.
        listRequests += 1;
        const rule = listRule?.(url.searchParams, listRequests) ?? null;
        if (rule && answerFailure(res, rule)) return;
        const to = url.searchParams.get('To');
        const from = url.searchParams.get('From');
        const pageSize = Number(url.searchParams.get('PageSize') ?? 50);
        const found = messages
          .filter((m) => (!to || m.to === to) && (!from || m.from === from))
          .reverse()
          .slice(0, pageSize);
        const answer = JSON.stringify({
          messages: found.map((m) => m.resource),
          page: 0,
          page_size: pageSize,
          first_page_uri: req.url,
          next_page_uri: null,
          previous_page_uri: null,
          uri: req.url,
          start: 0,
          end: found.length,
        });
        res.setHeader('content-type', 'application/json');
        if (rule?.kind === 'ok' && rule.delayMs) setTimeout(() => res.end(answer), rule.delayMs);
        else res.end(answer);
        return;
      }
      if (method !== 'POST' || !url.pathname.endsWith('/Messages.json')) {
        // Described by Twilio, but not something this fake stands in for.
        refuse(res, method, url.pathname, {
          status: 404,
          code: 20404,
          message: `The fake Twilio does not serve ${method} ${url.pathname}`,
        });
        return;
      }
      const form = Object.fromEntries(formParams);
      requests.push({
        method,
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        requestId: req.headers['x-request-id'] as string | undefined,
        form,
      });
      const reply = (replyFor?.(form) ?? null) || next;
      if (answerFailure(res, reply)) return;
      counter += 1;
      const sid = `SM${counter.toString(16).padStart(32, '0')}`;
      const created = new Date();
      const resource = {
        sid,
        account_sid: url.pathname.split('/')[3],
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: created.toUTCString(),
        uri: `${url.pathname.replace('.json', '')}/${sid}.json`,
      };
      messages.push({
        sid,
        to: form.To ?? '',
        from: form.From ?? null,
        body: form.Body ?? '',
        created,
        resource,
      });
      res.statusCode = 201;
      res.setHeader('content-type', 'application/json');
      if (reply.kind === 'ok' && reply.delayMs)
        setTimeout(() => res.end(JSON.stringify(resource)), reply.delayMs);
      else res.end(JSON.stringify(resource));
    });
  });
  // TCP connections clients opened: a client that pools its connections opens few for many sends.
  let connections = 0;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messages,
    /** Requests Twilio would have refused; `close()` fails while any is left here. */
    rejected,
    /** How many TCP connections clients have opened to the fake since it started. */
    connections: () => connections,
    /** How many times the Messages list was read (lookups after a crash). */
    listRequests: () => listRequests,
    /** Makes the Messages list answer 503, as when Twilio cannot be asked. */
    failLists(value: boolean) {
      listRule = value ? () => ({ kind: 'unavailable' }) : null;
    },
    /**
     * How the Messages list answers: one reply for every list request, or one chosen per request
     * (null from the rule: the list as usual); null: the list as usual.
     */
    listReply(rule: TFakeTwilioReply | TFakeTwilioListRule | null) {
      listRule = rule === null ? null : typeof rule === 'function' ? rule : () => rule;
    },
    reply(value: TFakeTwilioReply) {
      next = value;
    },
    /** A reply chosen per request (e.g. a permanent error for some numbers); null: the default. */
    replyPer(rule: ((form: Record<string, string>) => TFakeTwilioReply | null) | null) {
      replyFor = rule;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close(() => {
          if (rejected.length === 0) resolve();
          else {
            reject(
              new Error(
                `the fake Twilio refused ${rejected.length} request(s) Twilio would refuse: ${rejected
                  .slice(0, 3)
                  .map((r) => `${r.method} ${r.path}: ${r.message}`)
                  .join(' | ')}`,
              ),
            );
          }
        });
      }),
  };
}
