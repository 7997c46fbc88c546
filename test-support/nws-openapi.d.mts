// Types of nws-openapi.mjs.
import type { IncomingHttpHeaders } from 'node:http';

export type TNwsOpenApi = {
  spec: unknown;
  /** What NWS would refuse in this request (nothing when it would take it). */
  checkRequest(request: {
    method?: string;
    pathname: string;
    query: URLSearchParams;
    headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>;
  }): string[];
  /** How an answer differs from what NWS documents for its status and content type. */
  checkResponse(answer: {
    method?: string;
    pathname: string;
    status: number;
    contentType: string;
    body: unknown;
  }): string[];
};

export declare const NWS_OPENAPI: string;
export declare function loadNwsOpenApi(file?: string): TNwsOpenApi;
export declare function nwsOpenApi(): TNwsOpenApi;
