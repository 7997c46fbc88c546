// The v1 OpenAPI document (only /api/v1, the bearer scheme, each operation's scope) and its
// reference page /docs/api, served from this server under the pages' Content-Security-Policy.
import { STATION_KEY_SCOPES } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../platform/content-security-policy.js';
import { createTestApp } from '../../test/app.js';

type TOperation = { description?: string; security?: unknown; 'x-required-scopes'?: string[] };

describe('the v1 OpenAPI document and /docs/api', async () => {
  const { app } = await createTestApp({ seed: false });

  it('holds the /api/v1 operations only, each with the bearer key and the scope it needs', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    const paths = Object.keys(document.paths);
    expect(paths.every((path) => path.startsWith('/api/v1/'))).toBe(true);
    expect(response.body).not.toContain('/admin/api');
    // The webhooks guide is part of the reference (the Webhooks page links to it).
    expect(document.info.description).toContain('## Verifying the signature');
    expect(document.info.description).toContain('MessageStation-Signature');
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/v1/me',
        '/api/v1/messages',
        '/api/v1/messages/{id}',
        '/api/v1/messages/{id}/translations',
        '/api/v1/messages/{id}/events',
        '/api/v1/messages/{id}/send-sms',
        '/api/v1/messages/{id}/send-sms/preview',
        '/api/v1/messages/{id}/deliveries',
        '/api/v1/messages/{id}/recipients',
        '/api/v1/contacts',
        '/api/v1/contacts/{id}',
        '/api/v1/contacts/{id}/preferences',
        '/api/v1/contacts/{id}/opt-out',
      ]),
    );
    expect(document.components.securitySchemes).toEqual({
      stationKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    expect(document.info.title).toBe('Message Station API v1');
    const operations = Object.values(document.paths as Record<string, Record<string, TOperation>>).flatMap(
      (methods) => Object.values(methods),
    );
    expect(operations.length).toBeGreaterThanOrEqual(14);
    for (const operation of operations) {
      expect(operation.security).toEqual([{ stationKey: [] }]);
      const scopes = operation['x-required-scopes'] ?? [];
      for (const scope of scopes) {
        expect(STATION_KEY_SCOPES).toContain(scope);
        expect(operation.description).toContain(`Required scope: \`${scope}\``);
      }
    }
    const send = document.paths['/api/v1/messages/{id}/send-sms'].post;
    expect(send['x-required-scopes']).toEqual(['sms:send']);
    expect(JSON.stringify(send.parameters)).toContain('idempotency-key');
    expect(send.requestBody).toBeDefined();
    expect(document.paths['/api/v1/contacts'].post['x-required-scopes']).toEqual(['contacts:write']);
    expect(document.paths['/api/v1/me'].get['x-required-scopes']).toEqual([]);
  });

  it('serves the reference page with no inline script, under the pages’ CSP, its assets from here', async () => {
    const page = await app.inject({ method: 'GET', url: '/docs/api' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(inlineScriptHashes(page.body)).toEqual([]);
    expect(page.body).not.toMatch(/<style/i);
    // Every script and stylesheet comes from this server.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(sources.filter((source) => /^(https?:)?\/\//.test(source))).toEqual([]);
    for (const asset of sources.filter((source) => source.startsWith('/docs/api/assets/'))) {
      const response = await app.inject({
        method: 'GET',
        url: asset,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
    }
    const start = await app.inject({ method: 'GET', url: '/docs/api/assets/reference.js' });
    expect(start.body).toContain("url: '/api/v1/openapi.json'");
    expect(start.body).toContain('validatorUrl: null');
  });
});
