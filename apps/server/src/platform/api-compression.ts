// Compresses the API's JSON answers (decision 0086): a GET route's 200 answer of at least 1 KiB
// goes out with brotli when the client accepts it, else gzip, else as it is, with
// `Vary: Accept-Encoding` either way. Only GET answers, so no answer that hands out a secret (a
// created API key, a webhook's signing secret, a two-factor secret, recovery codes: all POST) is
// ever compressed beside what an attacker put in the request (BREACH); a GET route that would
// answer a secret says `config: { compress: false }`. Server-sent event streams never reach this
// (they take the reply over), and neither do non-JSON bodies (audio, CSV, zip) or HEAD, 204 and 304.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this route's answers are never compressed (they carry a secret: decision 0086). */
    compress?: boolean;
  }
}

/** Smaller answers are sent as they are: the saving would be a few bytes of a single packet. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** The pages' quality (web-app.ts): a 2 KiB answer takes well under a millisecond. */
export const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

export type TEncoding = 'br' | 'gzip';

/** What the client's Accept-Encoding allows of brotli (preferred) and gzip; null: neither. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): TEncoding | null {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** The body compressed as `encoding`. */
export function compress(body: Buffer, encoding: TEncoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, BROTLI_OPTIONS) : gzip(body);
}

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  const values = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.some((v) => v === '*' || v.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

async function compressJson(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (request.method !== 'GET' || reply.statusCode !== 200) return payload;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.getHeader('content-encoding')) return payload;
  if (!/^application\/json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  if (body.length < COMPRESS_MIN_BYTES) return payload;
  addVary(reply);
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed = await compress(body, encoding);
  reply.header('content-encoding', encoding);
  // Fastify sets the length of what is returned here.
  reply.removeHeader('content-length');
  return compressed;
}

/**
 * Adds the compression to every GET route under `prefixes` registered from here on, after the
 * route's own onSend hooks (the audit trail's reads the JSON), unless the route says compress: false.
 */
export function registerApiCompression(app: FastifyInstance, prefixes: readonly string[]) {
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('GET') || route.config?.compress === false) return;
    if (!prefixes.some((prefix) => route.url.startsWith(prefix))) return;
    route.onSend = [
      ...(Array.isArray(route.onSend) ? route.onSend : route.onSend ? [route.onSend] : []),
      compressJson,
    ];
  });
}
