// Routes from the shared endpoint table (packages/shared/src/api, decision 0067): a route takes its
// method, URL and request schemas from the table's entry, and the app keeps a list of the routes it
// registered so that a test can hold every entry to a route.
import type { TEndpoint } from '@message-station/shared';
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** An entry's request schemas under the names Fastify's schema takes (`query` is `querystring`). */
export type TEndpointRouteSchema<E extends TEndpoint> = (E extends { params: infer P }
  ? { params: P }
  : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown);

/**
 * The entry's request schemas, to spread into a route's schema beside its tags and responses:
 * `fastify.post(authLogin.path, { schema: { ...endpointSchema(authLogin), response } }, handler)`.
 */
export function endpointSchema<E extends TEndpoint>(entry: E): TEndpointRouteSchema<E> {
  const schema: { params?: unknown; querystring?: unknown; body?: unknown } = {};
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  return schema as TEndpointRouteSchema<E>;
}

/** The entry's method and URL with its request schemas, for `fastify.route({ ...endpointRoute(entry), handler })`. */
export function endpointRoute<E extends TEndpoint>(entry: E) {
  return { method: entry.method, url: entry.path, schema: endpointSchema(entry) };
}

/** A route as registered: what the endpoint table is checked against. */
export type TRegisteredRoute = { method: HTTPMethods; url: string; schema: FastifySchema | undefined };

const registered = new WeakMap<FastifyInstance, TRegisteredRoute[]>();

/** Keeps every route registered on the app from here on (call before the routes). */
export function recordRoutes(app: FastifyInstance): void {
  const routes: TRegisteredRoute[] = [];
  registered.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
}

/** The routes recordRoutes saw, in the order they were registered. */
export function registeredRoutes(app: FastifyInstance): readonly TRegisteredRoute[] {
  return registered.get(app) ?? [];
}
