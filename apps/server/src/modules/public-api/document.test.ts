// The OpenAPI documents: the whole one and the v1 one pass a standard linter (Redocly's recommended
// rules) with no error, every operation has a unique operationId, its security and a 2xx, the CSRF
// 403 follows the check itself (platform/session.ts), and the media types are the real ones. The v1
// document holds /api/v1 only, the bearer scheme and each operation's scope; the Swagger UI files
// of its reference page (/docs/api, a page of the web app) are served from this server.

import { STATION_KEY_SCOPES } from '@message-station/shared';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { csrfChecked } from '../../platform/session.js';
import { createTestApp } from '../../test/app.js';
import {
  fetchDocument,
  type TDocumentedOperation,
  type TOpenApiDocument,
} from '../../test/openapi-answers.js';
import { operationIdOf, ROUTE_MEDIA } from './document.js';

type TOperation = { description?: string; security?: unknown; 'x-required-scopes'?: string[] };

/** The rules Redocly's recommended set found broken before (decision 0053): none may warn either. */
const RULES_HELD_AT_ZERO = [
  'security-defined',
  'operation-operationId',
  'operation-operationId-unique',
  'operation-2xx-response',
  'operation-summary',
  'no-unused-components',
  'no-required-schema-properties-undefined',
];

async function lint(document: TOpenApiDocument) {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.map((problem) => ({
    severity: problem.severity,
    rule: problem.ruleId,
    message: problem.message,
    at: problem.location[0]?.pointer,
  }));
}

type TListed = { key: string; method: string; path: string; operation: TDocumentedOperation };

function operationsOf(document: TOpenApiDocument): TListed[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation,
    })),
  );
}

/** The operation, which must be there. */
function operationAt(document: TOpenApiDocument, method: string, path: string): TDocumentedOperation {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`${method} ${path} is not documented`);
  return operation;
}

/** The media types of an operation's answer with this status ([] for none, or no body). */
const mediaOf = (operation: TDocumentedOperation, status: string) =>
  Object.keys(operation.responses[status]?.content ?? {});

const requestMediaOf = (operation: TDocumentedOperation) => Object.keys(operation.requestBody?.content ?? {});

const schemesOf = (operation: TDocumentedOperation) =>
  (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));

describe('the whole OpenAPI document', async () => {
  const { app } = await createTestApp({ seed: false });
  const document = await fetchDocument(app);
  const operations = operationsOf(document);

  it("passes Redocly's recommended rules with no error", async () => {
    const problems = await lint(document);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(problems.filter((problem) => RULES_HELD_AT_ZERO.includes(problem.rule))).toEqual([]);
    expect(operations.length).toBeGreaterThan(150);
  });

  it('gives every operation a unique operationId: its method and path, or its own (v1)', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { key, method, path, operation } of operations) {
      const derived = operationIdOf(method, path.replace(/\{([^}]+)\}/g, ':$1'));
      if (path.startsWith('/api/v1/')) expect(operation.operationId, key).not.toBe(derived);
      else expect(operation.operationId, key).toBe(derived);
    }
    expect(operationIdOf('GET', '/admin/api/messages/:id/audio')).toBe('getAdminApiMessagesByIdAudio');
    expect(operationIdOf('POST', '/admin/api/sms-contacts.csv')).toBe('postAdminApiSmsContactsCsv');
  });

  it("declares each operation's security, and the CSRF 403 on every write the check covers", () => {
    for (const { key, method, path, operation } of operations) {
      expect(operation.security, key).toBeDefined();
      const schemes = schemesOf(operation);
      const checked = csrfChecked(method, path);
      expect(schemes.includes('csrf'), key).toBe(checked);
      if (checked) expect(operation.responses['403']?.description, key).toContain('csrf_invalid');
      if (path.startsWith('/api/v1/')) expect(operation.security, key).toEqual([{ stationKey: [] }]);
      else if (path.startsWith('/webhooks/')) expect(operation.security, key).toEqual([]);
      if (schemes.includes('session')) expect(operation.responses['401'], key).toBeDefined();
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith('2')),
        key,
      ).toBe(true);
    }
    const login = operationAt(document, 'post', '/auth/login');
    expect(login.security).toEqual([{ csrf: [] }]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    expect(operationAt(document, 'get', '/admin/api/messages').security).toEqual([{ session: [] }]);
    expect(operationAt(document, 'post', '/admin/api/messages').security).toEqual([
      { session: [], csrf: [] },
    ]);
    expect(operationAt(document, 'get', '/healthz').security).toEqual([]);
  });

  it("documents Twilio's form posts and Stripe's events as they really come and are answered", () => {
    for (const path of ['/webhooks/sms/status', '/webhooks/sms/inbound']) {
      const operation = operationAt(document, 'post', path);
      expect(requestMediaOf(operation)).toEqual(['application/x-www-form-urlencoded']);
      expect(operation.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'header', name: 'x-twilio-signature', required: true }),
        ]),
      );
      expect(operation.responses['403']?.description).toContain('twilio_signature_invalid');
      expect(operation.responses['400']).toBeDefined();
    }
    const status = operationAt(document, 'post', '/webhooks/sms/status');
    expect(Object.keys(status.responses)).toEqual(['204', '400', '403']);
    expect(mediaOf(status, '204')).toEqual([]);
    expect(mediaOf(operationAt(document, 'post', '/webhooks/sms/inbound'), '200')).toEqual(['text/xml']);
    const stripe = operationAt(document, 'post', '/webhooks/stripe');
    expect(requestMediaOf(stripe)).toEqual(['application/json']);
    expect(Object.keys(stripe.responses)).toEqual(['200', '400', '503']);
    // Every entry of the table names a documented operation.
    const keys = operations.map((listed) => listed.key);
    for (const key of Object.keys(ROUTE_MEDIA)) expect(keys, key).toContain(key);
  });

  it('documents files and streams with their media type, and their refusals as JSON', () => {
    const csv = operationAt(document, 'get', '/admin/api/audit.csv');
    expect(mediaOf(csv, '200')).toEqual(['text/csv']);
    expect(mediaOf(csv, '401')).toEqual(['application/json']);
    expect(mediaOf(operationAt(document, 'get', '/admin/api/messages/stream'), '200')).toEqual([
      'text/event-stream',
    ]);
  });
});

describe("the v1 OpenAPI document and its reference page's files", async () => {
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

  it("passes Redocly's recommended rules, with a 2xx for every operation and the stream's end", async () => {
    const document = await fetchDocument(app, '/api/v1/openapi.json');
    const problems = await lint(document);
    expect(problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(problems.filter((problem) => RULES_HELD_AT_ZERO.includes(problem.rule))).toEqual([]);
    const events = operationAt(document, 'get', '/api/v1/messages/{id}/events');
    expect(events.operationId).toBe('streamMessageEvents');
    expect(mediaOf(events, '200')).toEqual(['text/event-stream']);
    expect(mediaOf(events, '204')).toEqual([]);
    expect(events.responses['204']?.description).toContain('No Content');
    expect(mediaOf(events, '404')).toEqual(['application/json']);
  });

  it('is as strict as the server: E.164 phones, each target once and never the original', async () => {
    const document = await fetchDocument(app, '/api/v1/openapi.json');
    type TSchema = {
      pattern?: string;
      uniqueItems?: boolean;
      description?: string;
      additionalProperties?: unknown;
      anyOf?: unknown[];
      properties?: Record<string, TSchema>;
    };
    const body = (path: string) =>
      (operationAt(document, 'post', path).requestBody?.content['application/json']?.schema ?? {}) as TSchema;
    const contact = body('/api/v1/contacts');
    expect(contact.properties?.phone?.pattern).toMatch(/^\^\\\+1/);
    expect(contact.properties?.message_preferences?.additionalProperties).toBe(false);
    expect(contact.properties?.message_preferences?.anyOf).toHaveLength(4);
    const message = body('/api/v1/messages');
    expect(message.properties?.target_languages?.uniqueItems).toBe(true);
    expect(message.properties?.target_languages?.description).toContain('never the original language');
    expect(message.properties?.title?.pattern).toBe('\\S');
    expect(message.anyOf).toHaveLength(10);
  });

  it("serves Swagger UI's bundle and stylesheet from here, compressed, for the web app's /docs/api", async () => {
    for (const [asset, type] of [
      ['/docs/api/assets/swagger-ui-bundle.js', 'text/javascript'],
      ['/docs/api/assets/swagger-ui.css', 'text/css'],
    ]) {
      for (const encoding of ['br', 'gzip']) {
        const response = await app.inject({
          method: 'GET',
          url: asset,
          headers: { 'accept-encoding': encoding },
        });
        expect(response.statusCode, asset).toBe(200);
        expect(response.headers['content-type']).toContain(type);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
      }
    }
    // The page itself is the web app's (apps/web/src/public/DocsApiPage.tsx), not this module's.
    expect((await app.inject({ method: 'GET', url: '/docs/api/assets/reference.js' })).statusCode).toBe(404);
  });
});
