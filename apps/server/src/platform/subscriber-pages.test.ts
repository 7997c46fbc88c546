import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER, type TLanguageCode, type TStationPublicInfo } from '@message-station/shared';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { writeFakeRenderer } from '../test/fake-subscriber-renderer.js';
import { acceptedLanguages, subscriberPages } from './subscriber-pages.js';
import { registerWebApp } from './web-app.js';

const SHELL = `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><div id="root"></div>`;

function stationInfo(displayName: string): TStationPublicInfo {
  return {
    station: {
      name: 'demo',
      slug: 'demo',
      display_name: displayName,
      logo_url: null,
      brand_color: '#1c7ed6',
      languages: [],
      consent_text: 'I agree',
      privacy_url: 'https://demo.example/privacy',
      terms_url: 'https://demo.example/terms',
      subscriptions_open: true,
    },
    message_types: [],
  };
}

function sha256(text: string): string {
  return `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`;
}

describe('Accept-Language', () => {
  it('lists the tags best first, in their order where equal, without refused or malformed ones', () => {
    expect(acceptedLanguages('fr-CA,fr;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['fr-CA', 'fr', 'en-US', 'en']);
    expect(acceptedLanguages('en;q=0.5, es-MX , de;q=0')).toEqual(['es-MX', 'en']);
    expect(acceptedLanguages('zh-Hant-TW, *;q=0.1, <script>, ja ; q = 0.4')).toEqual(['zh-Hant-TW', 'ja']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('subscriber pages rendered by the server', async () => {
  const renderer = writeFakeRenderer();
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SHELL);
  fs.mkdirSync(path.join(dist, 'assets'));
  /** The stations and what they are called, per language asked. */
  const stations = new Map<string, string>([['demo', 'Demo Radio']]);
  const asked: string[] = [];
  const pages = subscriberPages(renderer.dir, {
    stationInfo: async (slug: string, language: TLanguageCode) => {
      asked.push(`${slug}:${language}`);
      const name = stations.get(slug);
      return name ? stationInfo(`${name} (${language})`) : null;
    },
    now: () => new Date('2026-11-28T12:00:00Z'),
    cacheSize: 2,
  });
  const app = Fastify({ logger: false });
  await registerWebApp(app, dist, { apiPrefixes: ['/api/'], turnstile: false, subscriberPages: pages });
  const { renderCount } = (await import(renderer.moduleUrl)) as { renderCount: () => number };
  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
    fs.rmSync(renderer.dir, { recursive: true, force: true });
  });

  it('answers a join page with the station rendered in, its own nonce and its scripts allowed', async () => {
    const response = await app.inject({
      url: '/join/demo',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers.vary).toBe('accept-encoding, accept-language');
    expect(response.body).toContain('<h1>Demo Radio (es)</h1>');
    const data = /<script type="application\/json" id="data">(.*?)<\/script>/.exec(response.body)?.[1];
    expect(JSON.parse(String(data))).toMatchObject({ language: 'es', year: 2026 });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`'${sha256('document.documentElement.dataset.guard="es"')}'`);
    expect(response.body).not.toContain(CSP_NONCE_PLACEHOLDER);
  });

  it('renders the unsubscribe page too, and a station once per language and info', async () => {
    const before = renderCount();
    const first = await app.inject({ url: '/unsubscribe/demo', headers: { 'accept-language': 'fr' } });
    const again = await app.inject({ url: '/unsubscribe/demo', headers: { 'accept-language': 'fr-CA' } });
    expect(first.body).toContain('<h1>Demo Radio (fr)</h1>');
    expect(again.body).toBe(first.body);
    expect(renderCount()).toBe(before + 1);
    // The station changed its name: its page is rendered again.
    stations.set('demo', 'Demo FM');
    const renamed = await app.inject({ url: '/unsubscribe/demo', headers: { 'accept-language': 'fr' } });
    expect(renamed.body).toContain('<h1>Demo FM (fr)</h1>');
    expect(renderCount()).toBe(before + 2);
    stations.set('demo', 'Demo Radio');
  });

  it('keeps only the most recently used pages', async () => {
    const visit = (language: string) =>
      app.inject({ url: '/join/demo', headers: { 'accept-language': language } });
    await visit('de');
    await visit('it');
    const before = renderCount();
    await visit('de');
    expect(renderCount()).toBe(before);
    await visit('pt');
    await visit('it');
    expect(renderCount()).toBe(before + 2);
  });

  it('answers an unknown station, a deeper path or a failed render with the app shell', async () => {
    for (const url of ['/join/nowhere', '/join/demo/thanks']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    stations.set('broken', 'Station whose render fails');
    const failed = await app.inject({ url: '/join/broken' });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(asked).toContain('broken:en');
  });

  it('is off without a renderer: a server run from source serves the shell', () => {
    expect(
      subscriberPages(path.join(dist, 'no-renderer'), {
        stationInfo: async () => null,
        now: () => new Date(),
      }),
    ).toBeNull();
  });
});
