// The public API v1 against its own document, property-based (fast-check, seeded, bounded):
// requests are generated from the document's schemas, valid and with one thing broken, and every
// answer must be one the document gives (status, media type, body), never a 5xx; a request the
// document allows is never refused as invalid. The request schemas themselves are checked against
// the zod schemas the server validates with: what the document allows, the server accepts.
import {
  checkUsPhone,
  usE164Pattern,
  ZApiCreateContactRequest,
  ZMessageRequest,
  ZSendRequest,
  ZUpdatePreferencesRequest,
} from '@message-station/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestApp, TestClient } from '../../test/app.js';
import { createContact, createStationWithAdmin } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import {
  createAnswerCheck,
  fetchDocument,
  type TDocumentedOperation,
  type TOpenApiDocument,
} from '../../test/openapi-answers.js';
import { fieldPaths, withField } from '../../test/security/operations.js';
import { apiClient, createStationKey } from '../../test/station-keys.js';

const SEED = 530_053;
/** HTTP requests in the run: a few seconds on one core. */
const REQUESTS = 120;
const DAYTIME = new Date('2026-11-23T18:00:00Z');
/**
 * 400s a valid request may meet: what the station's data refuses, not the request's shape (which
 * the first test holds to the server's own schemas).
 */
const STATE_REFUSALS = new Set(['no_audience', 'language_not_offered']);

type TJson = Record<string, unknown> & {
  type?: string;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: TJson;
  properties?: Record<string, TJson>;
  required?: string[];
  additionalProperties?: boolean | TJson;
  anyOf?: TJson[];
};

/** A regex fast-check can generate from: lookaheads (the phone's length check) left to ajv. */
const generable = (pattern: string) => new RegExp(pattern.replace(/\(\?=(?:[^()]|\([^()]*\))*\)/g, ''));

/** Values a JSON schema (as the document writes it) allows; constraints across fields left to ajv. */
export function arbitraryOf(schema: TJson): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum.filter((choice) => choice !== null));
    if (schema.anyOf && !schema.type && !schema.properties) {
      return fc.oneof(...schema.anyOf.map((branch) => arbitraryOf(branch)));
    }
    switch (schema.type) {
      case 'string': {
        if (schema.format === 'uuid') return fc.uuid();
        const maxLength = Math.min(schema.maxLength ?? 40, 40);
        const minLength = Math.min(schema.minLength ?? 0, maxLength);
        if (schema.pattern && schema.pattern !== '\\S') return fc.stringMatching(generable(schema.pattern));
        const text = fc.string({ minLength, maxLength });
        return schema.pattern === '\\S' ? text.filter((s) => /\S/.test(s)) : text;
      }
      case 'integer':
      case 'number':
        return fc.integer({
          min: Math.max(schema.minimum ?? -1000, -1000),
          max: Math.min(schema.maximum ?? 1000, 1000),
        });
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = arbitraryOf(schema.items ?? {});
        const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, 4) };
        return schema.uniqueItems
          ? fc.uniqueArray(items, { ...constraints, selector: (item) => JSON.stringify(item) })
          : fc.array(items, constraints);
      }
      case 'object': {
        const properties = schema.properties ?? {};
        const model = Object.fromEntries(
          Object.entries(properties).map(([key, child]) => [key, arbitraryOf(child)]),
        );
        const required = (schema.required ?? []).filter((key) => key in properties);
        return fc.record(model, { requiredKeys: required });
      }
      default:
        return fc.constant({});
    }
  })();
  return schema.nullable
    ? fc.oneof({ arbitrary: value, weight: 9 }, { arbitrary: fc.constant(null), weight: 1 })
    : value;
}

/** One thing wrong with a request, as integrations get it wrong. */
type TBreak =
  | { kind: 'drop'; at: number }
  | { kind: 'retype'; at: number }
  | { kind: 'long'; at: number }
  | { kind: 'no-body' }
  | { kind: 'not-an-object' }
  | { kind: 'bad-id' }
  | { kind: 'unknown-id' }
  | { kind: 'bad-query' }
  | { kind: 'original-as-target' }
  | { kind: 'foreign-phone' };

const breakArbitrary: fc.Arbitrary<TBreak | null> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 5 },
  fc.record({ kind: fc.constantFrom('drop' as const, 'retype' as const, 'long' as const), at: fc.nat() }),
  fc.constantFrom<TBreak>(
    { kind: 'no-body' },
    { kind: 'not-an-object' },
    { kind: 'bad-id' },
    { kind: 'unknown-id' },
    { kind: 'bad-query' },
    { kind: 'original-as-target' },
    { kind: 'foreign-phone' },
  ),
);

function breakBody(body: unknown, broken: TBreak): unknown {
  const paths = fieldPaths(body);
  const path = 'at' in broken ? paths[broken.at % Math.max(paths.length, 1)] : undefined;
  switch (broken.kind) {
    case 'drop':
      if (!path) return body;
      return withField(body, path, undefined);
    case 'retype': {
      if (!path) return 42;
      return withField(body, path, typeof fieldAt(body, path) === 'number' ? 'forty-two' : 42);
    }
    case 'long':
      return path ? withField(body, path, 'x'.repeat(5000)) : body;
    case 'no-body':
      return undefined;
    case 'not-an-object':
      return ['not', 'an', 'object'];
    case 'original-as-target': {
      const message = body as { original_language?: string; target_languages?: string[] } | undefined;
      if (!message?.target_languages) return body;
      const original = message.original_language ?? 'en';
      return { ...message, target_languages: [...message.target_languages, original, original] };
    }
    case 'foreign-phone':
      return body && typeof body === 'object' && 'phone' in body ? { ...body, phone: '+33612345678' } : body;
    default:
      return body;
  }
}

function fieldAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (at, key) => (at as Record<string | number, unknown> | undefined)?.[key],
    value,
  );
}

/** The zod schema each v1 body is validated with: the document must allow no more. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  createMessage: ZMessageRequest,
  createContact: ZApiCreateContactRequest,
  setContactPreferences: ZUpdatePreferencesRequest,
  sendMessageSms: ZSendRequest,
};

type TListed = { method: string; path: string; operation: TDocumentedOperation };

function operationsOf(document: TOpenApiDocument): TListed[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const jsonBodySchema = (operation: TDocumentedOperation) =>
  operation.requestBody?.content['application/json']?.schema as TJson | undefined;

describe('the v1 API keeps to its document (property-based)', async () => {
  const { app, db } = await createTestApp({ now: () => DAYTIME, dispatchInBackground: false });
  const { station, adminEmail } = await createStationWithAdmin(db, {
    slug: 'v1props',
    languages: ['en', 'es', 'fr'],
  });
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const { key } = await createStationKey(
    admin,
    ['messages:read', 'messages:write', 'sms:send', 'reports:read', 'contacts:read', 'contacts:write'],
    { rateLimit: 1000 },
  );
  const api = apiClient(app, key);
  const contact = await createContact(db, station.id, {
    phone: '+12125550142',
    choices: [{ messageType: 'alert', language: 'es' }],
  });
  const message = await createMessage(db, station.id, {
    original: 'Shelter in place.',
    type: 'alert',
    translations: { es: 'Refúgiese en su lugar.', fr: 'Restez à l’abri.' },
  });
  const document = await fetchDocument(app, '/api/v1/openapi.json');
  const check = createAnswerCheck(document);
  const operations = operationsOf(document);
  const ids: Record<string, string> = { '/api/v1/messages/': message.id, '/api/v1/contacts/': contact.id };

  it('allows in each request body only what the server accepts', () => {
    for (const { operation } of operations) {
      const zod = operation.operationId ? BODY_SCHEMAS[operation.operationId] : undefined;
      const schema = jsonBodySchema(operation);
      if (!schema) continue;
      expect(zod, `${operation.operationId}: a body schema to compare with`).toBeDefined();
      fc.assert(
        fc.property(arbitraryOf(schema), (body) => {
          const allowed = check.ajv.validate(schema, body);
          if (!allowed) return true;
          const parsed = (zod as z.ZodType).safeParse(body);
          if (!parsed.success) {
            throw new Error(
              `${operation.operationId}: ${JSON.stringify(body)} is documented but refused: ${parsed.error.message}`,
            );
          }
          return true;
        }),
        { seed: SEED, numRuns: 300 },
      );
    }
  });

  it('documents as E.164 exactly the US numbers the server takes', () => {
    const pattern = new RegExp(usE164Pattern());
    // Ten digits from the area codes and exchanges around real ones, and any at all.
    const national = fc.oneof(
      fc.stringMatching(/^[2-9]\d{9}$/),
      fc.stringMatching(/^(?:212|415|800|900|500|555|311|989|520)[0-9]\d{6}$/),
    );
    fc.assert(
      fc.property(national, (digits) => {
        const e164 = `+1${digits}`;
        expect(pattern.test(e164), e164).toBe(checkUsPhone(e164).e164 === e164);
      }),
      { seed: SEED, numRuns: 2000 },
    );
    expect(pattern.test('+12125550142')).toBe(true);
    expect(pattern.test('+33612345678')).toBe(false);
  });

  it('answers generated requests only as documented, never with a 5xx', async () => {
    const problems: string[] = [];
    /** Documented requests refused as invalid. */
    const refused: string[] = [];
    const statuses = new Map<number, number>();
    /** One operation's requests: its parameters and body from the document, maybe one thing broken. */
    const requestsOf = (listed: TListed) => {
      const parameters = (listed.operation.parameters ?? []).filter(
        (parameter) => parameter.in !== 'path' && parameter.name !== 'authorization',
      );
      const schema = jsonBodySchema(listed.operation);
      return fc.record({
        listed: fc.constant(listed),
        broken: breakArbitrary,
        freshId: fc.uuid(),
        parameters: fc.record(
          Object.fromEntries(
            parameters.map((parameter) => [parameter.name, arbitraryOf(parameter.schema as TJson)]),
          ),
          {
            requiredKeys: parameters
              .filter((parameter) => parameter.required)
              .map((parameter) => parameter.name),
          },
        ),
        body: schema ? arbitraryOf(schema) : fc.constant(undefined),
      });
    };
    await fc.assert(
      fc.asyncProperty(fc.oneof(...operations.map(requestsOf)), async (generated) => {
        const { listed, broken, freshId } = generated;
        const { method, path, operation } = listed;
        // The path: the fixtures' ids, unless broken. The stream is asked for unknown ids only.
        const stream = operation.operationId === 'streamMessageEvents';
        const id =
          broken?.kind === 'bad-id'
            ? 'not-a-uuid'
            : broken?.kind === 'unknown-id' || stream
              ? freshId
              : (Object.entries(ids).find(([prefix]) => path.startsWith(prefix))?.[1] ?? '');
        const url = path.replace('{id}', id);
        const query = new URLSearchParams();
        const headers: Record<string, string> = {};
        for (const parameter of operation.parameters ?? []) {
          const value = generated.parameters[parameter.name];
          if (parameter.in === 'path' || value === undefined) continue;
          const text =
            broken?.kind === 'bad-query' && parameter.in === 'query' ? 'not-a-value-%%' : String(value);
          if (parameter.in === 'query') query.append(parameter.name, text);
          if (parameter.in === 'header') headers[parameter.name] = text;
        }
        const schema = jsonBodySchema(operation);
        const body = schema && broken ? breakBody(generated.body, broken) : generated.body;
        const target = query.toString() ? `${url}?${query}` : url;
        const answer = await api.call(method as 'GET', target, body, headers);
        statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
        problems.push(...check.problemsOf(method, target, answer));
        expect(answer.statusCode, `${method} ${target} ${JSON.stringify(body)}: ${answer.body}`).toBeLessThan(
          500,
        );
        // Nothing broken and a body the document allows: refused for the station's state only.
        const allowed = !broken && (!schema || check.ajv.validate(schema, body));
        if (allowed && answer.statusCode === 400) {
          const code = String(answer.json().code);
          if (!STATE_REFUSALS.has(code))
            refused.push(`${method} ${target} ${JSON.stringify(body)}: ${answer.body}`);
        }
      }),
      { seed: SEED, numRuns: REQUESTS, endOnFailure: true },
    );
    console.info(
      `v1 property run: ${REQUESTS} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    expect(problems).toEqual([]);
    expect(refused).toEqual([]);
    // The run reached the operations' successes and their refusals alike.
    expect([...statuses.keys()].filter((status) => status < 300).length).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status >= 400).length).toBeGreaterThan(1);
  });
});
