// The local status page on 127.0.0.1: GET / (the page), GET /status.json, POST /sign-in,
// POST /sign-out and POST /start-at-login ({enabled: boolean}). Only the page itself may post: a request whose Host, Origin or Referer is not
// this page's own is refused, so another website cannot sign the agent out or swap its key.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TAgentStatus } from '../status.js';
import { messagePageHtml, statusPageHtml } from './html.js';

export type TStatusSource = {
  status(): TAgentStatus;
  signIn(input: { server_url?: string; station_id: string; api_key: string }): Promise<void>;
  signOut(): Promise<void>;
  setStartAtLogin(enabled: boolean): Promise<void>;
};

export type TStatusServer = { url: string; port: number; close(): Promise<void> };

const MAX_BODY = 16 * 1024;
const REFUSED = 'Refused: this request did not come from the Message Station status page.';

export async function startStatusServer(source: TStatusSource, port: number): Promise<TStatusServer> {
  let actualPort = port;
  const server = http.createServer((request, response) => {
    handle(source, request, response, actualPort).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: (error as Error).message });
      else response.destroy();
    });
  });
  actualPort = await listen(server, port);
  return {
    url: `http://127.0.0.1:${actualPort}/`,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Listens on the port, or on any free port when it is taken (another agent may be running). */
async function listen(server: http.Server, port: number): Promise<number> {
  const attempt = (value: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once('error', onError);
      server.listen(value, '127.0.0.1', () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    });
  try {
    return await attempt(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || port === 0) throw error;
    return attempt(0);
  }
}

function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** Host must be this page (a DNS-rebinding site has its own Host); posts must also come from it. */
function refusal(request: http.IncomingMessage, port: number): string | null {
  const origins = ownOrigins(port);
  if (!origins.includes(`http://${request.headers.host ?? ''}`)) return REFUSED;
  if (request.method !== 'POST') return null;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin') return REFUSED;
  const origin = request.headers.origin;
  if (origin) return origins.includes(origin) ? null : REFUSED;
  const referer = request.headers.referer;
  if (referer && origins.some((own) => referer === own || referer.startsWith(`${own}/`))) return null;
  return REFUSED;
}

async function handle(
  source: TStatusSource,
  request: http.IncomingMessage,
  response: http.ServerResponse,
  port: number,
) {
  const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
  const refused = refusal(request, port);
  if (refused) {
    sendJson(response, 403, { error: refused });
    return;
  }
  if (request.method === 'GET' && path === '/') {
    const nonce = randomBytes(16).toString('base64');
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-frame-options': 'DENY',
      'content-security-policy': `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
    });
    response.end(statusPageHtml(source.status(), nonce));
    return;
  }
  if (request.method === 'GET' && path === '/status.json') {
    sendJson(response, 200, source.status());
    return;
  }
  if (
    request.method === 'POST' &&
    (path === '/sign-in' || path === '/sign-out' || path === '/start-at-login')
  ) {
    const wantsJson = /json/.test(`${request.headers.accept ?? ''} ${request.headers['content-type'] ?? ''}`);
    let body: Record<string, string>;
    try {
      body = await readForm(request);
    } catch (error) {
      reply(response, wantsJson, 400, (error as Error).message);
      return;
    }
    try {
      if (path === '/sign-in') {
        await source.signIn({
          server_url: body.server_url,
          station_id: body.station_id ?? '',
          api_key: body.api_key ?? '',
        });
      } else if (path === '/start-at-login') {
        // JSON true/false, or the form's 'on' / 'off' (a checkbox sends 'on' only when ticked).
        const enabled = body.enabled;
        if (enabled !== 'true' && enabled !== 'false' && enabled !== 'on' && enabled !== 'off') {
          throw new Error('Send enabled: true or false.');
        }
        await source.setStartAtLogin(enabled === 'true' || enabled === 'on');
      } else {
        await source.signOut();
      }
    } catch (error) {
      reply(response, wantsJson, 400, (error as Error).message);
      return;
    }
    if (wantsJson) sendJson(response, 200, { ok: true, status: source.status() });
    else {
      response.writeHead(303, { location: '/' });
      response.end();
    }
    return;
  }
  sendJson(response, 404, { error: 'Not found' });
}

function reply(response: http.ServerResponse, wantsJson: boolean, status: number, error: string) {
  if (wantsJson) {
    sendJson(response, status, { error });
    return;
  }
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(messagePageHtml('That did not work', error));
}

function sendJson(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

/** The posted fields, from JSON or an HTML form. */
async function readForm(request: http.IncomingMessage): Promise<Record<string, string>> {
  let raw = '';
  for await (const chunk of request) {
    raw += String(chunk);
    if (raw.length > MAX_BODY) throw new Error('The form is too large.');
  }
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    let value: unknown;
    try {
      value = raw ? JSON.parse(raw) : {};
    } catch {
      throw new Error('The form could not be read.');
    }
    if (typeof value !== 'object' || value === null) return {};
    // Booleans arrive as 'true' / 'false' (the start-at-login switch); other types are dropped.
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, entry]) => [key, typeof entry === 'boolean' ? String(entry) : entry])
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
