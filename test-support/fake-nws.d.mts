// Types of fake-nws.mjs.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

/** A recorded NWS alert: a GeoJSON Feature of the CAP properties NWS publishes. */
export type TNwsFeature = {
  id: string;
  type: 'Feature';
  properties: Record<string, unknown> & {
    id: string;
    geocode?: { UGC?: string[] };
    affectedZones?: string[];
  };
};

/** One request the fake answered, and with what status. */
export type TNwsRequest = {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** 0 while (or when) it has no answer. */
  status: number;
  /** What NWS's OpenAPI description says is wrong with the request (empty: NWS would take it). */
  problems: string[];
  /** How the fake's answer differs from the schema NWS documents for it (empty: it matches). */
  answerProblems: string[];
};

/** A way NWS (or a gateway before it) fails, as apps/server/src/test/vendor-failures.ts names them. */
export type TNwsFailure =
  | { kind: 'error'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'raw'; status: number; body?: string; contentType?: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'stall'; status?: number; contentType?: string };

/**
 * `refuse`: connections are dropped; `error`: every request answers 500 (NWS's problem); a failure
 * shape: every request is answered that way; null: up.
 */
export type TNwsDown = 'refuse' | 'error' | TNwsFailure | null;

export type TFakeNwsOptions = {
  /** 0 (the default) for any free port. */
  port?: number;
  host?: string;
  /** The folder of the recorded documents, ending in a slash; NWS_FIXTURES by default. */
  fixtures?: string;
  /** Last-Modified starts here and moves a minute at each change; by default it starts now and
   * moves to the present second (always at least one second on). */
  startAt?: Date;
  /** Answers requests of the caller's own (true when it did), before NWS's and even while down. */
  before?: (request: IncomingMessage, response: ServerResponse, url: URL) => boolean;
};

export type TFakeNwsServer = {
  url: string;
  requests: TNwsRequest[];
  /** Publishes a recorded alert (by fixture name) or a feature; Last-Modified moves on. */
  add(alert: string | TNwsFeature): TNwsFeature;
  remove(id: string): void;
  clear(): void;
  setDown(state: TNwsDown): void;
  alertRequests(): TNwsRequest[];
  /** The Last-Modified the alerts are answered with now (an HTTP date). */
  lastModified(): string;
  close(): Promise<void>;
};

export declare const NWS_FIXTURES: string;
export declare function nwsAlertFixtures(fixtures?: string): string[];
export declare function nwsFixture(name: string, fixtures?: string): TNwsFeature;
export declare function zonesOf(feature: TNwsFeature): string[];
export declare function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  type?: string,
  headers?: Record<string, string>,
): void;
export declare function problem(
  response: ServerResponse,
  status: number,
  title: string,
  detail: string,
): void;
export declare function problemBody(
  title: string,
  status: number,
  detail: string,
): { type: string; title: string; status: number; detail: string; instance: string; correlationId: string };
export declare function answerWithFailure(response: ServerResponse, failure: TNwsFailure): boolean;
export declare function startFakeNws(options?: TFakeNwsOptions): Promise<TFakeNwsServer>;
