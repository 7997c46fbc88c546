// Serves the built single-page app (apps/web/dist) beside the API: hashed assets cached for a
// year, pages never cached, prerendered pages (dist/prerendered/) at their own paths, and every
// other page path answered with index.html. Every page goes out with its Content-Security-Policy
// and a fresh style nonce (decision 0022).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CSP_NONCE_PLACEHOLDER } from '@message-station/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compress } from './api-compression.js';
import { inlineScriptHashes, newNonce, pagePolicy } from './content-security-policy.js';
import { AppError, errorBody } from './errors.js';
import { SUBSCRIBER_PAGE_ROUTES, type TSubscriberPages } from './subscriber-pages.js';

/** Where scripts/prerender.mjs writes pages: prerendered/index.html is '/', prerendered/a/b.html is '/a/b'. */
const PRERENDERED_DIR = 'prerendered';

// Each answer carries its own nonce, so pages are compressed per answer rather than ahead: brotli
// quality 5 (api-compression.ts) takes about 2 ms for the 150 KB landing page and is within 15 % of
// the best ratio.

export type TWebAppOptions = {
  /** Paths that always answer JSON, never a page. */
  apiPrefixes: string[];
  /** Cloudflare Turnstile is the bot check: its script and frame are allowed on pages. */
  turnstile: boolean;
  /** Renders the join and unsubscribe pages per station (decision 0044); null: the app shell. */
  subscriberPages?: TSubscriberPages | null;
};

type TPage = { html: string; scriptHashes: string[] };

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

function readPage(file: string): TPage {
  const html = fs.readFileSync(file, 'utf8');
  return { html, scriptHashes: inlineScriptHashes(html) };
}

/** The page with this answer's nonce in place, compressed as the browser accepts, and its policy. */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: TPage,
  turnstile: boolean,
  vary = 'accept-encoding',
) {
  const nonce = newNonce();
  const html = Buffer.from(page.html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce), 'utf8');
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', vary)
    .header('content-security-policy', pagePolicy({ scriptHashes: page.scriptHashes, nonce, turnstile }));
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding) return reply.header('content-encoding', encoding).send(await compress(html, encoding));
  return reply.send(html);
}

/** Serves the built SPA; unknown page paths get index.html (the SPA shows Page Not Found). */
export async function registerWebApp(app: FastifyInstance, webDistDir: string, options: TWebAppOptions) {
  const { apiPrefixes, turnstile, subscriberPages } = options;
  const indexPath = path.join(webDistDir, 'index.html');
  const shell = fs.existsSync(indexPath) ? readPage(indexPath) : null;
  if (shell) {
    // Hashed assets never change under their name: cached for a year, and sent without
    // validators (ETag, Last-Modified) or range support that nothing would ever use, which is about
    // 0.1 KiB fewer on each of the 20-odd files of a first visit (bench:weight).
    await app.register(fastifyStatic, {
      root: path.join(webDistDir, 'assets'),
      prefix: '/assets/',
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    await app.register(fastifyStatic, {
      root: webDistDir,
      decorateReply: false,
      // Pages only through sendPage: a page file sent as it is would carry the nonce placeholder.
      // Folders ('/', '/docs/') are page paths too.
      index: false,
      allowedPath: (pathName) => !pathName.endsWith('/') && !/\.html?$/i.test(pathName),
      preCompressed: true,
      // The logo, the icons, robots.txt: kept under their names, so checked again on each use.
      setHeaders(res) {
        res.header('cache-control', 'no-cache');
      },
    });
    for (const [route, file] of findPrerenderedPages(webDistDir)) {
      if (isApiPath(route, apiPrefixes)) continue;
      const page = readPage(path.join(webDistDir, file));
      app.get(route, (request, reply) => sendPage(request, reply, page, turnstile));
    }
    if (subscriberPages) {
      for (const route of SUBSCRIBER_PAGE_ROUTES) {
        app.get(route, async (request, reply) => {
          const pathname = request.url.split('?')[0] ?? '/';
          // A page that cannot be rendered still works: the app renders it in the browser.
          const page = await subscriberPages
            .render(pathname, request.headers['accept-language'])
            .catch((error: unknown) => {
              request.log.error({ err: error, path: pathname }, 'subscriber page render failed');
              return null;
            });
          // The language of the page follows the browser's.
          return sendPage(request, reply, page ?? shell, turnstile, 'accept-encoding, accept-language');
        });
      }
    }
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      shell &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname, apiPrefixes) &&
      !path.posix.basename(pathname).includes('.');
    if (wantsPage) return sendPage(request, reply, shell, turnstile);
    return reply.status(404).send(errorBody(new AppError('not_found')));
  });
}
