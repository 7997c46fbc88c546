// Swagger UI's bundle and stylesheet for the API reference, /docs/api: a page of the web app
// (apps/web/src/public/DocsApiPage.tsx, decision 0078) that loads them from this server, no CDN.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Where the web app's /docs/api page loads Swagger UI from (apps/web/src/public/docs/swagger-ui.ts). */
export const DOCS_API_ASSETS = '/docs/api/assets';

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

export function registerReferenceAssets(app: FastifyInstance) {
  const assets: Record<string, () => TAsset> = {
    'swagger-ui-bundle.js': () => ({
      type: 'text/javascript; charset=utf-8',
      body: distFile('swagger-ui-bundle.js'),
    }),
    'swagger-ui.css': () => ({ type: 'text/css; charset=utf-8', body: distFile('swagger-ui.css') }),
  };
  const loaded = new Map<string, TAsset>();

  for (const name of Object.keys(assets)) {
    app.get(`${DOCS_API_ASSETS}/${name}`, { schema: { hide: true } }, async (request, reply) => {
      let asset = loaded.get(name);
      if (!asset) {
        asset = (assets[name] as () => TAsset)();
        loaded.set(name, asset);
      }
      return sendAsset(request, reply, asset);
    });
  }
}
