// /docs/api: the interactive reference of the v1 document (Swagger UI, served from our own
// server: no CDN). The page is plain HTML with no inline script, under the pages' CSP.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newNonce, pagePolicy } from '../../platform/content-security-policy.js';
import { EVENT_STREAM_RETRY_MS } from './messages-routes.js';

export const DOCS_API_PATH = '/docs/api';
const ASSETS = `${DOCS_API_PATH}/assets`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Message Station</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="${ASSETS}/reference.css">
</head>
<body>
<header class="ms-header">
<a class="ms-brand" href="/">Message Station</a>
<nav class="ms-nav"><a href="/docs">All documentation</a><a href="/api/v1/openapi.json">OpenAPI document (JSON)</a></nav>
</header>
<aside class="ms-note" aria-labelledby="event-streams">
<h2 id="event-streams">Event streams end with 204</h2>
<p><code>GET /api/v1/messages/{id}/events</code> is a <code>text/event-stream</code> for standard (WHATWG) EventSource clients. It opens with <code>retry: ${EVENT_STREAM_RETRY_MS}</code> (wait ${EVENT_STREAM_RETRY_MS / 1000} s before reconnecting), sends <code>translations</code>, one <code>translation</code> per change and <code>done</code>, then ends. The reconnect an EventSource makes after <code>done</code> (with or without <code>Last-Event-ID</code>) is answered <strong>204 No Content</strong>, which tells it to stop: it stays closed. A message whose translations are already final answers 204 from the start (read <code>GET /api/v1/messages/{id}/translations</code>); a deleted one answers 404. Every request, reconnects included, counts against the key's rate limit.</p>
</aside>
<main id="reference" aria-label="API reference"><p class="ms-loading">Loading the API reference…</p></main>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/reference.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on the v1 document (an external script: the CSP allows no inline one). */
const REFERENCE_JS = `window.SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  // Nothing leaves this site: no validator badge from a third party.
  validatorUrl: null,
  persistAuthorization: false,
});
`;

const REFERENCE_CSS = `body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.ms-header { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; justify-content: space-between;
  padding: 12px 20px; border-bottom: 1px solid #e5e7eb; background: #fff; }
.ms-brand { font-weight: 700; font-size: 18px; color: #1c7ed6; text-decoration: none; }
.ms-nav { display: flex; flex-wrap: wrap; gap: 8px 20px; font-size: 14px; }
.ms-nav a { color: #1c7ed6; text-decoration: none; }
.ms-nav a:hover, .ms-brand:hover { text-decoration: underline; }
.ms-loading { padding: 24px 20px; color: #555; }
.ms-note { margin: 16px 20px 0; padding: 12px 16px; border-left: 4px solid #1c7ed6; background: #f1f7fd;
  font-size: 14px; line-height: 1.5; color: #1f2937; }
.ms-note h2 { margin: 0 0 4px; font-size: 15px; }
.ms-note p { margin: 0; }
.ms-note code { font-size: 13px; word-break: break-word; }
#reference .swagger-ui .wrapper { padding: 0 16px; }
#reference .swagger-ui .info .title small pre { background: none; }
/* The webhooks guide's wide tables scroll on a phone instead of running off the page. */
#reference .swagger-ui .info .markdown table { display: block; overflow-x: auto; }
@media (max-width: 600px) {
  #reference .swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
  #reference .swagger-ui .opblock .opblock-summary-path { max-width: 100%; word-break: break-all; }
  #reference .swagger-ui .info { margin: 24px 0; }
  #reference .swagger-ui table { display: block; overflow-x: auto; }
}
`;

type TAsset = { type: string; body: Buffer; br?: Buffer; gzip?: Buffer };

function distFile(name: string): Buffer {
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  return fs.readFileSync(path.join(dir, name));
}

/** Sends an asset compressed as the browser accepts (compressed once, on first use). */
function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: TAsset) {
  reply.type(asset.type).header('cache-control', 'public, max-age=86400').header('vary', 'accept-encoding');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) {
    asset.br ??= zlib.brotliCompressSync(asset.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
    });
    return reply.header('content-encoding', 'br').send(asset.br);
  }
  if (/\bgzip\b/.test(accepted)) {
    asset.gzip ??= zlib.gzipSync(asset.body);
    return reply.header('content-encoding', 'gzip').send(asset.gzip);
  }
  return reply.send(asset.body);
}

export function registerDocsPage(app: FastifyInstance) {
  const assets: Record<string, () => TAsset> = {
    'swagger-ui-bundle.js': () => ({
      type: 'text/javascript; charset=utf-8',
      body: distFile('swagger-ui-bundle.js'),
    }),
    'swagger-ui.css': () => ({ type: 'text/css; charset=utf-8', body: distFile('swagger-ui.css') }),
    'reference.js': () => ({ type: 'text/javascript; charset=utf-8', body: Buffer.from(REFERENCE_JS) }),
    'reference.css': () => ({ type: 'text/css; charset=utf-8', body: Buffer.from(REFERENCE_CSS) }),
  };
  const loaded = new Map<string, TAsset>();

  app.get(DOCS_API_PATH, { schema: { hide: true } }, async (_request, reply) => {
    // No inline script and no <style> element: the nonce is there for the policy's shape only.
    const policy = pagePolicy({ scriptHashes: [], nonce: newNonce(), turnstile: false });
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', policy)
      .send(PAGE);
  });

  for (const name of Object.keys(assets)) {
    app.get(`${ASSETS}/${name}`, { schema: { hide: true } }, async (request, reply) => {
      let asset = loaded.get(name);
      if (!asset) {
        asset = (assets[name] as () => TAsset)();
        loaded.set(name, asset);
      }
      return sendAsset(request, reply, asset);
    });
  }
}
