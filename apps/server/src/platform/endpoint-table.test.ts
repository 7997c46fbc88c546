// Every entry of the endpoint table (packages/shared/src/api, decision 0067) is a route the app
// registers, with the same method and path, and checks what the entry says it checks: the same
// params, query and body schemas (the same objects, or ones that read alike).
import * as shared from '@message-station/shared';
import { endpoints, type TEndpoint } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp } from '../test/app.js';
import { endpointRoute, registeredRoutes } from './endpoint-routes.js';

const entries = Object.entries(endpoints).flatMap(([area, group]) =>
  Object.entries(group).map(([name, entry]) => [`${area}.${name}`, entry as TEndpoint] as const),
);

/** The shared package's schemas: a route that checks with one of them must say so in its entry. */
const sharedSchemas = new Set<unknown>(Object.values(shared).filter((value) => value instanceof z.ZodType));

const REQUEST_PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

function sameSchema(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!(a instanceof z.ZodType) || !(b instanceof z.ZodType)) return false;
  return (
    JSON.stringify(z.toJSONSchema(a, { io: 'input' })) === JSON.stringify(z.toJSONSchema(b, { io: 'input' }))
  );
}

describe('the endpoint table', async () => {
  const { app } = await createTestApp({ seed: false });
  const routes = registeredRoutes(app);

  it('names each route once', () => {
    const keys = entries.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(keys.length).toBeGreaterThan(100);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(entries)('%s is a registered route with the same schemas', (_name, entry) => {
    const route = routes.find((one) => one.method === entry.method && one.url === entry.path);
    expect(route, `${entry.method} ${entry.path} is not registered`).toBeDefined();
    const schema = (route?.schema ?? {}) as Record<string, unknown>;
    for (const [part, routePart] of REQUEST_PARTS) {
      const mine = entry[part];
      const theirs = schema[routePart];
      if (mine) {
        expect(sameSchema(mine, theirs), `${entry.method} ${entry.path}: ${part} differs`).toBe(true);
      } else {
        // A route's own inline schema may stay out of the table (its entry types it); a shared one may not.
        expect(sharedSchemas.has(theirs), `${entry.method} ${entry.path}: the entry lacks its ${part}`).toBe(
          false,
        );
      }
    }
  });

  it('gives a route its method, URL and schemas', () => {
    const route = endpointRoute(shared.authLogin);
    expect(route).toEqual({ method: 'POST', url: '/auth/login', schema: { body: shared.ZLoginRequest } });
    expect(endpointRoute(shared.messagesEditTranslation).schema).toEqual({
      params: shared.ZTranslationParams,
      body: shared.ZTranslationEditRequest,
    });
  });

  it('registers a route from an entry', () => {
    const route = routes.find((one) => one.method === 'GET' && one.url === shared.publicBotCheck.path);
    expect(route).toBeDefined();
  });
});
