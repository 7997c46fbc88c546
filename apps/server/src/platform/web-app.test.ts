import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@message-station/shared';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { findPrerenderedPages, registerWebApp } from './web-app.js';

const SHELL = `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><div id="root"></div>`;
const LANDING = '<!doctype html><div id="root" data-prerendered-path="/"><h1>Message Station</h1></div>';
const GUARD_SCRIPT = "document.documentElement.setAttribute('data-x','')";
const HOME = `<!doctype html><script>${GUARD_SCRIPT}</script><style nonce="${CSP_NONCE_PLACEHOLDER}">h1{}</style><h1>Home</h1><script type="module" src="/assets/index-abc123.js"></script>`;

function sha256(text: string): string {
  return `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`;
}

/** The policy's directives by name. */
function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources.join(' ')]),
  );
}

/** A web build as scripts/prerender.mjs and scripts/precompress.mjs leave it. */
function writeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-app-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dist, 'prerendered', 'docs'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html'), LANDING);
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html.br'), zlib.brotliCompressSync(LANDING));
  fs.writeFileSync(path.join(dist, 'prerendered', 'index.html.gz'), zlib.gzipSync(LANDING));
  fs.writeFileSync(path.join(dist, 'prerendered', 'docs', 'sms.html'), '<div id="root">sms guide</div>');
  fs.writeFileSync(path.join(dist, 'prerendered', 'home.html'), HOME);
  return dist;
}

describe('web app', async () => {
  const dist = writeDist();
  const app = Fastify();
  await registerWebApp(app, dist, { apiPrefixes: ['/api/'], turnstile: false });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('maps every prerendered file to its page path', () => {
    expect(Object.fromEntries(findPrerenderedPages(dist))).toEqual({
      '/': 'prerendered/index.html',
      '/docs/sms': 'prerendered/docs/sms.html',
      '/home': 'prerendered/home.html',
    });
  });

  it('answers / with the prerendered landing page, never cached', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(LANDING);
  });

  it('compresses the page for a browser that accepts brotli or gzip', async () => {
    const response = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(LANDING);
    const gzipped = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(LANDING);
    const head = await app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it("names the page's inline scripts by hash and gives its styles a fresh nonce per answer", async () => {
    const first = await app.inject({ url: '/home' });
    const second = await app.inject({ url: '/home' });
    const policy = directives(first.headers['content-security-policy'] as string);
    expect(policy['script-src']).toBe(`'self' '${sha256(GUARD_SCRIPT)}'`);
    const nonce = /<style nonce="([^"]+)">/.exec(first.body)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy['style-src']).toBe(`'self' 'nonce-${nonce}'`);
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(second.body).not.toContain(nonce);
    expect(second.headers['content-security-policy']).not.toContain(nonce);
    expect(policy).toMatchObject({
      'default-src': "'self'",
      'style-src-attr': "'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'media-src': "'self' blob:",
      'connect-src': "'self'",
      'worker-src': "'self'",
      'frame-src': "'none'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it('gives the SPA shell its nonce in the csp-nonce meta', async () => {
    const response = await app.inject({ url: '/signup' });
    const nonce = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(response.body)?.[1] ?? '';
    expect(directives(response.headers['content-security-policy'] as string)['style-src']).toBe(
      `'self' 'nonce-${nonce}'`,
    );
    expect(directives(response.headers['content-security-policy'] as string)['script-src']).toBe("'self'");
  });

  it.each(['/index.html', '/prerendered/index.html', '/prerendered/home.html'])(
    'never sends the page file %s as it is (its nonce placeholder unfilled)',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Not found' });
    },
  );

  it("allows Cloudflare Turnstile's script and frame only when it is the bot check", async () => {
    const withTurnstile = Fastify();
    await registerWebApp(withTurnstile, dist, { apiPrefixes: ['/api/'], turnstile: true });
    const policy = directives(
      (await withTurnstile.inject({ url: '/home' })).headers['content-security-policy'] as string,
    );
    expect(policy['script-src']).toBe(`'self' '${sha256(GUARD_SCRIPT)}' https://challenges.cloudflare.com`);
    expect(policy['frame-src']).toBe('https://challenges.cloudflare.com');
    await withTurnstile.close();
    const without = directives(
      (await app.inject({ url: '/home' })).headers['content-security-policy'] as string,
    );
    expect(JSON.stringify(without)).not.toContain('cloudflare');
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
      expect(response.body).toMatch(
        /^<!doctype html><meta property="csp-nonce" nonce="[^"]+"><div id="root"><\/div>$/,
      );
    },
  );

  it('caches hashed assets for a year without validators, other files by their validators, and answers API paths with JSON 404', async () => {
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');
    // Never revalidated under its hashed name: no validators to send.
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect((await app.inject({ url: '/assets/missing-abc123.js' })).statusCode).toBe(404);
    // A file kept under its name is checked again on each use, by its validators.
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers.etag).toMatch(/^W\/"/);
    const again = await app.inject({
      url: '/favicon.svg',
      headers: { 'if-none-match': String(icon.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const api = await app.inject({ url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'Not found' });
  });

  it('serves the plain index.html at / when the build prerendered nothing', async () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-app-plain-'));
    fs.writeFileSync(path.join(plain, 'index.html'), SHELL);
    const bare = Fastify();
    await registerWebApp(bare, plain, { apiPrefixes: ['/api/'], turnstile: false });
    expect((await bare.inject({ url: '/' })).body).toContain('<div id="root"></div>');
    await bare.close();
    fs.rmSync(plain, { recursive: true, force: true });
  });
});
