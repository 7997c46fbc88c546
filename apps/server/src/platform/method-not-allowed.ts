// A known path asked with a method it does not take answers 405 with `Allow` and the usual
// {error, code, params} body, not 404 (decision 0053). Page paths keep their fallback: a GET or
// HEAD the single-page app would answer still reaches the not-found handler (platform/web-app.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errorBody } from './errors.js';

type TPattern = { regex: RegExp; methods: Set<string> };

const escapeRegex = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * A route's URL as a regex over the request path, as Fastify's router reads it: `:name` one
 * segment, `:name(regex)` that regex. Null for wildcard routes (static files answer any path
 * under them: a wrong method there is still "not found").
 */
export function routeRegex(url: string): RegExp | null {
  if (url.includes('*')) return null;
  let source = '';
  for (let rest = url; rest; ) {
    const param = /^:[A-Za-z_$][\w$-]*(\((?:[^()\\]|\\.)*\))?/.exec(rest);
    if (param) {
      source += param[1] ? `(?:${param[1].slice(1, -1).replace(/^\^|\$$/g, '')})` : '[^/]+';
      rest = rest.slice(param[0].length);
      continue;
    }
    // `::` is a literal colon in Fastify's routes.
    if (rest.startsWith('::')) {
      source += ':';
      rest = rest.slice(2);
      continue;
    }
    source += escapeRegex(rest[0] as string);
    rest = rest.slice(1);
  }
  return new RegExp(`^${source}$`);
}

/** The methods a path is served with, HEAD with GET; empty for a path no route serves. */
export function createMethodIndex() {
  const patterns = new Map<string, TPattern>();
  return {
    add(url: string, method: string | string[]) {
      const regex = routeRegex(url);
      if (!regex) return;
      const entry = patterns.get(url) ?? { regex, methods: new Set<string>() };
      for (const one of Array.isArray(method) ? method : [method]) {
        entry.methods.add(one.toUpperCase());
        if (one.toUpperCase() === 'GET') entry.methods.add('HEAD');
      }
      patterns.set(url, entry);
    },
    allowed(pathname: string): string[] {
      const found = new Set<string>();
      for (const { regex, methods } of patterns.values()) {
        if (regex.test(pathname)) for (const method of methods) found.add(method);
      }
      return [...found].sort();
    },
  };
}

/**
 * Registers the index (every route from here on) and the answer. `wantsPage`: a GET/HEAD on this
 * path that the page fallback answers instead (the single-page app's routes).
 */
export function registerMethodNotAllowed(
  app: FastifyInstance,
  options: { wantsPage: (request: FastifyRequest, pathname: string) => boolean },
) {
  const index = createMethodIndex();
  app.addHook('onRoute', (route) => {
    index.add(route.url, route.method);
  });
  // Before the CSRF check (platform/session.ts): a POST to a path that takes none is a wrong
  // method, not a forged request.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const pathname = request.url.split('?')[0] ?? '/';
    const allowed = index.allowed(pathname);
    if (!allowed.length || allowed.includes(request.method)) return;
    if ((request.method === 'GET' || request.method === 'HEAD') && options.wantsPage(request, pathname))
      return;
    const error = new AppError('method_not_allowed', { method: request.method, allow: allowed.join(', ') });
    return reply.status(error.statusCode).header('allow', allowed.join(', ')).send(errorBody(error));
  });
}
