// A known API path asked with a method it does not take answers 405 with `Allow` and the usual
// error body; unknown paths stay 404, and page paths keep the single-page app's fallback.
import { ZErrorResponse } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/app.js';
import { createMethodIndex, routeRegex } from './method-not-allowed.js';

describe('405 Method Not Allowed', async () => {
  const { app } = await createTestApp({ seed: false });

  it('answers a wrong method on an API path with 405, Allow and {error, code, params}', async () => {
    const cases: [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, allow: string][] = [
      ['GET', '/auth/login', 'POST'],
      ['DELETE', '/admin/api/messages', 'GET, HEAD, POST'],
      ['PATCH', '/admin/api/messages/00000000-0000-4000-8000-000000000000', 'DELETE, PUT'],
      ['PUT', '/api/v1/messages?limit=5', 'GET, HEAD, POST'],
      ['GET', '/webhooks/stripe', 'POST'],
      ['POST', '/healthz', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      // No cookies and no CSRF token: the wrong method is answered before the CSRF check.
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      const body = ZErrorResponse.parse(response.json());
      expect(body.code).toBe('method_not_allowed');
      expect(body.params).toEqual({ method, allow });
      expect(body.error).toBe(`${method} is not allowed here. Allowed: ${allow}.`);
    }
  });

  it('still answers 404 for a path no route serves, and the right method as before', async () => {
    const client = new TestClient(app);
    await client.get('/auth/session');
    const unknown = await client.request({ method: 'POST', url: '/admin/api/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('not_found');
    expect(unknown.headers.allow).toBeUndefined();
    // A page path (no route) is the app's to answer (here, without a built app: 404).
    expect((await app.inject({ method: 'GET', url: '/some/page' })).statusCode).toBe(404);
    // The right method is untouched: a body the schema refuses is still 400.
    const login = await client.request({ method: 'POST', url: '/auth/login', body: {} });
    expect(login.statusCode).toBe(400);
  });

  it('reads route patterns as the router does', () => {
    expect(routeRegex('/admin/api/messages/:id/audio')?.test('/admin/api/messages/abc/audio')).toBe(true);
    expect(routeRegex('/admin/api/messages/:id/audio')?.test('/admin/api/messages/a/b/audio')).toBe(false);
    expect(routeRegex('/admin/api/audit.csv')?.test('/admin/api/auditxcsv')).toBe(false);
    expect(routeRegex('/assets/*')).toBeNull();
    const index = createMethodIndex();
    index.add('/a/:id', 'GET');
    index.add('/a/:id', ['PUT', 'DELETE']);
    index.add('/a/new', 'POST');
    expect(index.allowed('/a/new')).toEqual(['DELETE', 'GET', 'HEAD', 'POST', 'PUT']);
    expect(index.allowed('/b')).toEqual([]);
  });
});
