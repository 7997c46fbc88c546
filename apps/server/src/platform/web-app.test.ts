import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { findPrerenderedPages, registerWebApp } from './web-app.js';

const SHELL = '<!doctype html><div id="root"></div>';
const LANDING = '<!doctype html><div id="root" data-prerendered-path="/"><h1>Message Station</h1></div>';

/** A web build as scripts/prerender.mjs and scripts/precompress.mjs leave it. */
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-app-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.mkdirSync(path.join(dist, 'prerendered', 'docs'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html'), LANDING);
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html.br'), zlib.brotliCompressSync(LANDING));
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html.gz'), zlib.gzipSync(LANDING));
  fs.writeFileSync(path.join(dist, 'prerendered', 'docs', 'sms.html'), '<div id="root">sms guide</div>');
  return dist;
}

describe('web app', async () => {
  const dist = writeDist();
  const app = Fastify();
  await registerWebApp(app, dist, ['/api/']);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('maps every prerendered file to its page path', () => {
    expect(Object.fromEntries(findPrerenderedPages(dist))).toEqual({
      '/': 'prerendered/index.html',
      '/docs/sms': 'prerendered/docs/sms.html',
    });
  });

  it('answers / with the prerendered landing page, never cached', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(LANDING);
  });

  it('sends the precompressed page to a browser that accepts brotli', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(LANDING);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('answers a query string on a prerendered path with the prerendered page', async () => {
    expect((await app.inject({ url: '/?utm_source=flyer' })).body).toBe(LANDING);
    expect((await app.inject({ url: '/docs/sms' })).body).toContain('sms guide');
  });

  it.each(['/admin/dashboard', '/signup', '/docs', '/some/unknown/page'])(
    'answers the other page path %s with index.html, never cached',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SHELL);
    },
  );

  it('caches hashed assets for a year and answers API paths with JSON 404', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found' });
  });

  it('serves the plain index.html at / when the build prerendered nothing', async () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-app-plain-'));
    fs.writeFileSync(path.join(plain, 'index.html'), SHELL);
    const bare = Fastify();
    await registerWebApp(bare, plain, ['/api/']);
    expect((await bare.inject({ url: '/' })).body).toBe(SHELL);
    await bare.close();
    fs.rmSync(plain, { recursive: true, force: true });
  });
});
