// Serves the built single-page app (apps/web/dist) beside the API: hashed assets cached for a
// year, pages never cached, prerendered pages (dist/prerendered/) at their own paths, and every
// other page path answered with index.html.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Where scripts/prerender.mjs writes pages: prerendered/index.html is '/', prerendered/a/b.html is '/a/b'. */
const PRERENDERED_DIR = 'prerendered';

function isApiPath(pathname: string, prefixes: string[]): boolean {
  return prefixes.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}

/** Page path → file (relative to the dist folder) of every prerendered page the build wrote. */
export function findPrerenderedPages(webDistDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const dir = path.join(webDistDir, PRERENDERED_DIR);
  if (!fs.existsSync(dir)) return pages;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.relative(webDistDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const route = file.slice(PRERENDERED_DIR.length, -'.html'.length);
    pages.set(route === '/index' ? '/' : route, file);
  }
  return pages;
}

/** Serves the built SPA; unknown page paths get index.html (the SPA shows Page Not Found). */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, apiPrefixes: string[]) {
  const indexPath = path.join(webDistDir, 'index.html');
  const indexHtml = fs.existsSync(indexPath) ? fs.readFileSync(indexPath, 'utf8') : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: ['index.html'],
      // The build writes .br and .gz beside each asset and page (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    for (const [route, file] of findPrerenderedPages(webDistDir)) {
      if (isApiPath(route, apiPrefixes)) continue;
      app.get(route, (_request, reply) => reply.sendFile(file));
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      indexHtml &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname, apiPrefixes) &&
      !path.posix.basename(pathname).includes('.');
    if (wantsPage) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ error: 'Not found' });
  });
}
