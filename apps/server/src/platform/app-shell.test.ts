import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';
import { writeFakeRenderer } from '../test/fake-subscriber-renderer.js';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root">spa</div>');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');

describe('app shell', async () => {
  const { app } = await createTestApp({ config: { webDistDir: webDist } });
  app.get('/api/test-crash', async () => {
    throw new Error('connection string postgres://secret@db');
  });

  it('answers liveness and readiness', async () => {
    expect((await app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', role: 'api' });
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });

  it.each(['/admin/dashboard', '/join/demo', '/some/unknown/page', '/'])(
    'serves the SPA for page path %s',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">spa</div>');
    },
  );

  it.each([
    '/api/nothing',
    '/admin/api/nothing',
    '/auth/nothing',
    '/subscribe/demo/nothing',
    '/assets/missing.js',
  ])('answers 404 JSON for %s', async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'Not found' });
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject({ url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const response = await app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.version).toBe('1.2.0');
    const login = doc.paths['/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/auth/session', '/auth/logout', '/healthz']),
    );
  });

  it('serves the dev outbox page only while the outbox provider is active', async () => {
    const page = await app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">spa</div>');
    const withTwilio = await createTestApp({
      config: { webDistDir: webDist },
      sms: { name: 'twilio', send: async () => ({ providerMessageId: 'SM1' }) },
    });
    const hidden = await withTwilio.app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    expect(hidden.statusCode).toBe(404);
    expect((await withTwilio.app.inject({ url: '/dev/api/outbox' })).statusCode).toBe(404);
    // The rest of the site is still the SPA.
    expect((await withTwilio.app.inject({ url: '/admin/dashboard' })).statusCode).toBe(200);
  });

  it("renders a station's join page from the same info the API gives the page", async () => {
    const renderer = writeFakeRenderer();
    const { app: rendering } = await createTestApp({
      config: { webDistDir: webDist, webSsrDir: renderer.dir },
    });
    const page = await rendering.inject({ url: '/join/demo', headers: { 'accept-language': 'es' } });
    const data = /<script type="application\/json" id="data">(.*?)<\/script>/.exec(page.body)?.[1];
    const api = await rendering.inject({ url: '/subscribe/demo/info?language=es' });
    expect(api.statusCode).toBe(200);
    expect(JSON.parse(String(data)).info).toEqual(api.json());
    // No such station: the app shell, whose app says "Station Not Found".
    const unknown = await rendering.inject({ url: '/join/no-such-station' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('<div id="root">spa</div>');
    fs.rmSync(renderer.dir, { recursive: true, force: true });
  });

  it('hides the details of an unexpected error', async () => {
    const response = await app.inject({ url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ error: 'Internal server error' });
  });

  it('answers malformed JSON with 400 {error}', async () => {
    const session = await app.inject({ url: '/auth/session' });
    const csrf = session.cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
    const response = await app.inject({
      method: 'POST',
      url: '/auth/login',
      cookies: { csrf_token: csrf },
      headers: { 'x-csrf-token': csrf, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().error).toBe('string');
  });
});

describe('readiness while shutting down', async () => {
  const { app } = await createTestApp({ workers: true });
  // Holds the shutdown in its drain (after the node's own first steps) until the test has looked.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let draining: () => void = () => {};
  const drainStarted = new Promise<void>((resolve) => {
    draining = resolve;
  });
  app.addHook('preClose', async () => {
    draining();
    await held;
  });

  it('answers 503 from the first step of a shutdown, while the node drains', async () => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
      status: 'ready',
      database: expect.any(String),
      role: 'all',
    });
    const closing = app.close();
    await drainStarted;
    const answer = await fetch(`${url}/readyz`);
    // Fastify's own refusal while closing (return503OnClosing), before any route runs.
    expect(answer.status).toBe(503);
    release();
    await closing;
  });
});
