// The operations of the published OpenAPI document, the routes the server really registered, and
// a valid-looking sample of any JSON schema: what the security suite walks through.
import type { TApp } from '../../app.js';

export type TJsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  nullable?: boolean;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: unknown;
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
};

export type TParameter = {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: TJsonSchema;
};

export type TOperation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: /admin/api/messages/{id}. */
  path: string;
  /** "PUT /admin/api/messages/{id}" */
  key: string;
  parameters: TParameter[];
  body: TJsonSchema | null;
};

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registered routes the document leaves out on purpose. Anything else missing from the document
 * fails the suite: an undocumented route would escape every check below.
 */
export const UNDOCUMENTED_ROUTES: Record<string, string> = {
  // schema.hide: the document would describe itself.
  'GET /api/openapi.json': 'the OpenAPI document',
  // @fastify/websocket hides every WebSocket route; the API key is checked before the upgrade
  // (machines.test.ts) and frames are bounded by the plugin's maxPayload.
  'GET /agent/v1/ws': 'the desktop agent WebSocket',
  // schema.hide: Prometheus's text format for the operator's scraper, behind METRICS_TOKEN
  // (metrics.test.ts), not part of the API the web and agents use.
  'GET /metrics': 'Prometheus metrics',
  // schema.hide: the public API v1's own document (its operations are in this one too), and the
  // Swagger UI files the web app's reference page /docs/api loads from here.
  'GET /api/v1/openapi.json': 'the public API v1 OpenAPI document',
  'GET /docs/api/assets/swagger-ui-bundle.js': 'the API reference page',
  'GET /docs/api/assets/swagger-ui.css': 'the API reference page',
  // schema.hide: a sent weather alert's public page (HTML), linked from a shortened SMS (decision 0052).
  'GET /alerts/{stationSlug}/{messageId}': 'the public page of a sent weather alert',
};

/**
 * Live streams (text/event-stream) never end on their own, so the suite only asks them for a
 * session (401 without) and never opens one; they take no parameters or body to fuzz.
 */
export const LIVE_STREAMS = new Set([
  'GET /admin/api/messages/stream',
  'GET /admin/api/clients/stream',
  'GET /admin/api/inbox/stream',
  'GET /admin/api/dashboard/stream',
]);

/**
 * Deletions after everything else, and the longer path first (a user's API key before the user),
 * so the operations before them still find the objects they are given.
 */
export function deletionsLast(operations: TOperation[]): TOperation[] {
  const rank = (operation: TOperation) => (operation.method === 'DELETE' ? 1000 - operation.path.length : 0);
  return [...operations].sort((x, y) => rank(x) - rank(y));
}

export async function documentedOperations(app: TApp): Promise<TOperation[]> {
  const response = await app.inject({ url: '/api/openapi.json' });
  const document = response.json() as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: TParameter[];
          requestBody?: { content: Record<string, { schema: TJsonSchema }> };
        }
      >
    >;
  };
  const operations: TOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as TOperation['method'];
      if (upper === ('HEAD' as string)) continue;
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/**
 * Every route of app.printRoutes() as "METHOD /path/{param}" (HEAD routes Fastify adds to each
 * GET left out). The tree prints each child as the rest of its parent's path, four columns deeper.
 */
export function registeredRoutes(app: TApp): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) {
      if (!method || method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push(`${method} ${path.replace(/:([A-Za-z_][\w-]*)/g, '{$1}')}`);
    }
  }
  return routes;
}

/** The URL of an operation with its path parameters filled in (encoded) and a query string. */
export function urlOf(
  operation: TOperation,
  pathValues: Record<string, string>,
  query: Record<string, string | string[]> = {},
): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) => {
    const value = pathValues[name];
    if (value === undefined) throw new Error(`${operation.key}: no value for path parameter ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, one);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Values for string fields whose schema alone (no enum or pattern) does not say what is valid. */
const STRING_BY_NAME: [RegExp, string][] = [
  [/email/, 'someone@example.test'],
  [/phone|^from$|^to$/i, '+12125550199'],
  [/url/, 'https://example.test/page'],
  [/password/, 'a-long-enough-password'],
];

/** Fields whose first choice would contradict another field (English to English). */
const FIELD_HINTS: Record<string, unknown> = { target_languages: ['es'] };

const STRING_BY_PATTERN: [string, string][] = [
  ['^#[0-9a-fA-F]{6}$', '#336699'],
  ['^\\d{6}$', '123456'],
  // A wall-clock time (a schedule's HH:MM).
  ['^([01]\\d|2[0-3]):[0-5]\\d$', '09:00'],
];

function sampleString(schema: TJsonSchema, name: string): string {
  if (schema.enum?.length) return String(schema.enum[0]);
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  // A day to come (a schedule's start), so a valid request reaches its handler.
  if (schema.format === 'date') return '2030-01-07';
  const byPattern = STRING_BY_PATTERN.find(([pattern]) => pattern === schema.pattern);
  if (byPattern) return byPattern[1];
  const byName = STRING_BY_NAME.find(([test]) => test.test(name));
  if (byName) return byName[1];
  return 'Sample text';
}

/**
 * A value the schema accepts, as a form would fill it: every property present, enums at their
 * first choice. `overrides` names fields (at any depth) whose value the caller knows better.
 */
export function sampleOf(schema: TJsonSchema, overrides: Record<string, unknown> = {}, name = ''): unknown {
  if (name in overrides) return overrides[name];
  if (name in FIELD_HINTS) return FIELD_HINTS[name];
  // A union picks its first branch; beside a type or properties, `anyOf` only constrains them (a
  // message's "no target is the original", decision 0053), which the hints above already keep.
  const choice = schema.type || schema.properties ? undefined : (schema.anyOf?.[0] ?? schema.oneOf?.[0]);
  if (choice) return sampleOf(choice, overrides, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return schema.enum?.[0] ?? schema.minimum ?? 1;
    case 'boolean':
      return schema.enum?.[0] ?? true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items ?? {}, overrides, name),
      );
    case 'object': {
      const sample: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        sample[key] = sampleOf(property, overrides, key);
      }
      return sample;
    }
    default:
      return schema.default ?? 'Sample text';
  }
}

/** Every place in a sample that holds a string, as a path of keys/indexes. */
export function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...at, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...at, key]));
  }
  return [];
}

/** Every place in a sample that holds a value, as a path of keys/indexes. */
export function fieldPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value && typeof value === 'object') {
    const children = Array.isArray(value)
      ? value.map((item, index) => [index, item] as const)
      : Object.entries(value);
    return [...(at.length ? [at] : []), ...children.flatMap(([key, item]) => fieldPaths(item, [...at, key]))];
  }
  return at.length ? [at] : [];
}

/** A copy of `value` with the field at `path` replaced. */
export function withField(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = withField(copy[head], rest, replacement);
  return copy;
}
