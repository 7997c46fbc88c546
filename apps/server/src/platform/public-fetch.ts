// A `fetch` for addresses a station chose (its own translation engine's base URL): over
// node:http(s) through the public-only lookup, so the server never connects to its own network in
// production, whatever the name resolves to at the moment of the call; an address written as an
// internal one is refused before any connection; and a redirect is never followed (it is an error
// naming where it pointed), so an engine cannot send the server on to an internal address
// (decision 0056). `allowInternal` is the development and test allowance (STATION_ENGINES_PRIVATE_URLS,
// on outside production only unless the operator sets it), as webhooks have theirs.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isInternalAddress, publicOnlyLookup, type TResolve } from './internal-addresses.js';

/** The part of fetch the translation engines use. */
export type TFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** The most of an answer that is read (an engine's answer is a few KB). */
export const PUBLIC_FETCH_MAX_BYTES = 5 * 1024 * 1024;

function bodyOf(init: RequestInit, headers: Record<string, string>): Buffer | undefined {
  const body = init.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof URLSearchParams) {
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type'))
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    return Buffer.from(body.toString(), 'utf8');
  }
  throw new TypeError('public fetch: only text and form bodies are sent');
}

export function createPublicFetch(options: { allowInternal: boolean; resolve?: TResolve }): TFetch {
  const lookup = publicOnlyLookup(options.allowInternal, options.resolve);
  return (raw, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(raw);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new TypeError(`${url.protocol} addresses are not called`));
        return;
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An address written as such is not looked up: checked here instead.
      if (!options.allowInternal && isIP(host) && isInternalAddress(host)) {
        reject(new Error(`${host} is a private or local address`));
        return;
      }
      const headers = { ...(init.headers as Record<string, string> | undefined) };
      const body = bodyOf(init, headers);
      if (body) headers['content-length'] = String(body.length);
      const client = url.protocol === 'https:' ? https : http;
      const call = client.request(
        url,
        {
          method: init.method ?? 'GET',
          headers,
          lookup: lookup as never,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            response.resume();
            const location = response.headers.location ?? 'nowhere';
            reject(
              new Error(
                `answered with a redirect (HTTP ${status}) to ${location}; redirects are not followed`,
              ),
            );
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > PUBLIC_FETCH_MAX_BYTES) {
              call.destroy(new Error(`answered more than ${PUBLIC_FETCH_MAX_BYTES} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          response.on('end', () => {
            const answerHeaders = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (typeof value === 'string') answerHeaders.set(name, value);
              else if (Array.isArray(value)) for (const one of value) answerHeaders.append(name, one);
            }
            const empty = status === 204 || status === 205 || status === 304;
            try {
              resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answerHeaders }));
            } catch (error) {
              reject(error);
            }
          });
          response.on('error', reject);
        },
      );
      call.on('error', reject);
      call.end(body);
    });
}
