// The ways a vendor's HTTP API fails in the wild, as loopback fakes serve them (the translation and
// voice fakes here; test-support/fake-nws.mjs serves the same shapes in JavaScript): a JSON error
// without `message`, a gateway's HTML page, an empty body, 429 with Retry-After, 503, no answer at
// all, and an answer whose body stalls after its headers. Each adapter must turn every one into its
// typed error (providers/*/vendor-errors.test.ts).
import type { ServerResponse } from 'node:http';
import { expect } from 'vitest';

/** A fake's answer in place of its normal one. */
export type TVendorFailure =
  /** A JSON body (or none) with this status and any extra headers (Retry-After …). */
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  /** Bytes as they are: an HTML page, plain text, or nothing. */
  | { kind: 'raw'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  /** Never answers: the client must give up on its own. */
  | { kind: 'hang' }
  /** Sends the status line and headers, then never the body. */
  | { kind: 'stall'; status?: number; contentType?: string };

/** What the caller's state machine should make of it. */
export type TFailureKind = 'transient' | 'permanent';

export type TVendorFailureShape = {
  name: string;
  failure: TVendorFailure;
  /** Asking again later may work (transient), or not (permanent). */
  expected: TFailureKind;
  /** The Retry-After the error carries, when the answer had one. */
  retryAfterSeconds?: number;
  /** No answer (or no whole answer) before the deadline. */
  timeout?: boolean;
};

export const GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';

/** The shapes every vendor adapter is tested with. */
export const VENDOR_FAILURE_SHAPES: TVendorFailureShape[] = [
  {
    name: 'a JSON error body without message (400)',
    failure: { kind: 'error', status: 400, body: { error: { code: 400 } } },
    expected: 'permanent',
  },
  {
    name: 'a JSON error body of another shape (500)',
    failure: {
      kind: 'error',
      status: 500,
      body: { error: { code: 500, errors: {}, details: 'x' }, detail: 7 },
    },
    expected: 'transient',
  },
  {
    name: "a gateway's HTML page (502)",
    failure: { kind: 'raw', status: 502, body: GATEWAY_HTML, contentType: 'text/html' },
    expected: 'transient',
  },
  {
    name: 'an empty body (200)',
    failure: { kind: 'raw', status: 200, body: '', contentType: 'application/json' },
    expected: 'transient',
  },
  {
    name: '429 with Retry-After',
    failure: {
      kind: 'error',
      status: 429,
      body: { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } },
      headers: { 'retry-after': '30' },
    },
    expected: 'transient',
    retryAfterSeconds: 30,
  },
  {
    name: '503 with a plain-text body',
    failure: { kind: 'raw', status: 503, body: 'Service Unavailable', contentType: 'text/plain' },
    expected: 'transient',
  },
  { name: 'no answer (a hang)', failure: { kind: 'hang' }, expected: 'transient', timeout: true },
  {
    name: 'headers, then a body that never comes',
    failure: { kind: 'stall', status: 200, contentType: 'application/json' },
    expected: 'transient',
    timeout: true,
  },
];

/** The status a shape answers with (0 for none). */
export function statusOf(shape: TVendorFailureShape): number {
  return 'status' in shape.failure ? (shape.failure.status ?? 200) : 0;
}

/** A log line's worth: one line, no markup, short, and never the key. */
export function expectSafeLogLine(message: string, secret: string) {
  expect(message).not.toMatch(/[<>]/);
  expect(message).not.toMatch(/\p{Cc}/u);
  expect(message.length).toBeLessThan(400);
  expect(message).not.toContain(secret);
}

/**
 * Answers `response` as `failure` says; false for a hang (the caller leaves the request open).
 * A stall writes the headers and leaves the body open until the client gives up or the fake closes.
 */
export function answerWithFailure(response: ServerResponse, failure: TVendorFailure): boolean {
  switch (failure.kind) {
    case 'hang':
      return false;
    case 'stall':
      response.writeHead(failure.status ?? 200, {
        'content-type': failure.contentType ?? 'application/json',
        'content-length': '1000',
      });
      response.flushHeaders();
      return true;
    case 'raw':
      response.writeHead(failure.status, {
        ...(failure.contentType ? { 'content-type': failure.contentType } : {}),
        ...failure.headers,
      });
      response.end(failure.body ?? '');
      return true;
    case 'error':
      response.writeHead(failure.status, {
        ...(failure.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
        ...failure.headers,
      });
      response.end(failure.body !== undefined ? JSON.stringify(failure.body) : undefined);
      return true;
  }
}
