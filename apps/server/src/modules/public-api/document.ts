// The app's OpenAPI document and its v1-only part (decision 0053). Every operation is generated
// from its route: the zod schemas say what it takes and answers, and the route itself what else
// is true of it: the guard it runs (its security, 401 and 403), whether the CSRF check applies
// (platform/session.ts decides, the 403 follows), its rate limit (429), its operationId (method
// and path). What is not JSON (streams, CSV, files, Twilio's form posts) is in ROUTE_MEDIA below.
import { STATUS_CODES } from 'node:http';
import type { SwaggerTransform } from '@fastify/swagger';
import {
  COOKIE_NAMES,
  DASHBOARD_EVENTS,
  STATION_KEY_RATE_LIMIT,
  STATION_KEY_SCOPES,
  ZErrorResponse,
} from '@message-station/shared';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TGuards } from '../../platform/guards.js';
import { csrfChecked } from '../../platform/session.js';
import { API_V1_TAG, STATION_KEY_SCHEME } from './operation.js';

type TJson = Record<string, unknown>;
type TSecurity = Record<string, string[]>[];

/** The document's security schemes (app.ts registers them; operations name them below). */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: COOKIE_NAMES.session,
    description: 'The browser session of a signed-in user (POST /auth/login sets it).',
  },
  csrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: `On every write of the web API: the value of the \`${COOKIE_NAMES.csrf}\` cookie (GET /auth/session hands it out), sent with that cookie.`,
  },
  // The public API v1: a station key as `Authorization: Bearer <key>`.
  [STATION_KEY_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    description: 'A station API key ("mssk-…"), created on the Users page.',
  },
} as const;

/** A refusal as the error handler sends it: `{error, code, params}` and, for some, a field more. */
const ERROR_SCHEMA = z.toJSONSchema(ZErrorResponse.loose(), { target: 'openapi-3.0', io: 'output' }) as TJson;
const errorAnswer = { 'application/json': { schema: ERROR_SCHEMA } };
const text = (type: string) => ({ [type]: { schema: { type: 'string' } } });
const file = (...types: string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

type TAnswer = {
  description: string;
  /** Media type → schema; none: an answer without a body (204). */
  content?: Record<string, { schema: TJson }>;
  headers?: Record<string, { description: string; schema: TJson }>;
};

/** What a route takes or answers that its zod schemas cannot say: every key a registered route. */
type TRouteMedia = {
  /** The request body's media type when it is not JSON. */
  consumes?: string;
  /** The body of a route that reads it itself (multipart parts, Stripe's raw event). */
  body?: TJson;
  /** Headers the route requires that no schema of its own names (a vendor's signature). */
  headers?: Record<string, string>;
  /** Answers besides (or instead of) the JSON ones of its `response`. */
  answers?: Record<number, TAnswer>;
};

const TWILIO_SIGNATURE = {
  'x-twilio-signature':
    "Twilio's signature of the URL and the form fields (HMAC-SHA1 with the account's auth token).",
};
const twilioRefusal = {
  403: {
    description: 'Forbidden: `twilio_signature_invalid`: the signature is missing or does not match.',
    content: errorAnswer,
  },
};
const tooManyStreams = {
  429: {
    description: 'Too Many Requests: `too_many_streams`: too many live pages are open for the station.',
    content: errorAnswer,
  },
};
const stream = (events: string) => ({
  200: {
    description: `The live stream (Server-Sent Events): ${events}.`,
    content: text('text/event-stream'),
  },
  ...tooManyStreams,
});

export const ROUTE_MEDIA: Record<string, TRouteMedia> = {
  // Twilio posts its webhooks as forms (modules/delivery/routes.ts, modules/subscribers/routes.ts).
  'POST /webhooks/sms/status': {
    consumes: 'application/x-www-form-urlencoded',
    headers: TWILIO_SIGNATURE,
    answers: {
      204: { description: 'No Content: the status is recorded (a message we never sent is ignored).' },
      ...twilioRefusal,
    },
  },
  'POST /webhooks/sms/inbound': {
    consumes: 'application/x-www-form-urlencoded',
    headers: TWILIO_SIGNATURE,
    answers: {
      200: {
        description: 'An empty TwiML response: replies, if any, go out through the SMS provider.',
        content: text('text/xml'),
      },
      ...twilioRefusal,
    },
  },
  // The route reads the raw bytes to check the signature (modules/billing/routes.ts).
  'POST /webhooks/stripe': {
    headers: { 'stripe-signature': "Stripe's signature of the raw body with a timestamp (300 s tolerance)." },
    body: {
      type: 'object',
      description: 'A Stripe event, as Stripe sends it.',
      properties: {
        id: { type: 'string' },
        type: { type: 'string' },
        data: { type: 'object', properties: { object: { type: 'object' } } },
      },
      required: ['id', 'type', 'data'],
    },
  },
  'POST /admin/api/station/logo': {
    body: {
      type: 'object',
      properties: { logo: { type: 'string', format: 'binary', description: 'A PNG or JPEG image' } },
      required: ['logo'],
    },
  },
  'POST /admin/api/sms-contacts/import': {
    body: {
      type: 'object',
      properties: {
        file: {
          type: 'string',
          format: 'binary',
          description: 'The CSV file (name, phone, language, types)',
        },
        consent_attested: {
          type: 'string',
          enum: ['true', 'false'],
          description: 'Required ("true") to import: every person agreed to receive alerts',
        },
      },
      required: ['file'],
    },
  },
  'GET /admin/api/messages/stream': { answers: stream('message and translation events') },
  'GET /admin/api/inbox/stream': { answers: stream('inbox_changed') },
  'GET /admin/api/dashboard/stream': { answers: stream(DASHBOARD_EVENTS.join(', ')) },
  'GET /admin/api/clients/stream': {
    answers: stream('connected, client_connected, client_disconnected, client_updated'),
  },
  // The stream ends with `done` once every translation is final; asked again then, it answers
  // 204 (EventSource clients stop reconnecting on 204).
  'GET /api/v1/messages/{id}/events': {
    answers: {
      200: {
        description:
          'The stream (Server-Sent Events): `translations`, then `translation` per change, then `done` (or `deleted`).',
        content: text('text/event-stream'),
      },
      204: {
        description: 'No Content: the message has finished (every translation is final): the stream is over.',
      },
      ...tooManyStreams,
    },
  },
  'GET /readyz': {
    answers: { 503: { description: 'Service Unavailable: `database_unavailable`.', content: errorAnswer } },
  },
  'GET /terms': {
    answers: { 200: { description: 'The terms as plain text.', content: text('text/plain') } },
  },
  'GET /api/stations/{slug}/logo': {
    answers: {
      200: { description: 'The logo image.', content: file('image/png', 'image/jpeg') },
      404: { description: 'Not Found: `logo_not_found`.', content: errorAnswer },
    },
  },
  'GET /admin/api/messages/{id}/audio': {
    answers: { 200: { description: 'The spoken message.', content: file('audio/wav', 'audio/mpeg') } },
  },
  'POST /admin/api/settings/voice/sample': {
    answers: { 200: { description: 'The spoken sample.', content: file('audio/mpeg', 'audio/wav') } },
  },
  'GET /admin/api/download/app/{version}': {
    answers: { 200: { description: 'The zip.', content: file('application/zip') } },
  },
  'GET /admin/api/download/app-pilot': {
    answers: { 200: { description: 'The zip.', content: file('application/zip') } },
  },
  'GET /api/altcha/challenge': {
    answers: {
      200: {
        description: 'An ALTCHA challenge (altcha-lib).',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                algorithm: { type: 'string' },
                challenge: { type: 'string' },
                maxnumber: { type: 'number' },
                salt: { type: 'string' },
                signature: { type: 'string' },
              },
              required: ['algorithm', 'challenge', 'salt', 'signature'],
            },
          },
        },
      },
      404: {
        description: 'Not Found: `altcha_not_in_use`: the bot check is Turnstile.',
        content: errorAnswer,
      },
    },
  },
};

type TGuardName = keyof TGuards;

/** What each guard (platform/guards.ts) refuses with 403 besides no session (401). */
const GUARD_FORBIDDEN: Record<TGuardName, string | null> = {
  requireSignedIn: null,
  requireUser:
    '`two_factor_setup_required`: the station requires two-factor sign-in and it is not set up yet.',
  requireAdmin: '`admin_required`: an admin of the station only (or `two_factor_setup_required`).',
  requireSuperadmin: '`superadmin_required` (or `two_factor_setup_required`).',
};

/** "GET /admin/api/messages/{id}/audio" → "getAdminApiMessagesByIdAudio": stable, unique per route. */
export function operationIdOf(method: string, url: string): string {
  const words = (part: string) => part.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const parts = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...words(segment.slice(1))] : words(segment)));
  return method.toLowerCase() + parts.map((part) => part[0]?.toUpperCase() + part.slice(1)).join('');
}

/** The route's URL as the document writes it: /admin/api/messages/{id}. */
export const documentPath = (url: string) => url.replace(/:([A-Za-z_][\w-]*)/g, '{$1}');

function hooksOf(route: RouteOptions): unknown[] {
  return [route.onRequest, route.preValidation, route.preHandler].flatMap((hook) =>
    Array.isArray(hook) ? hook : hook ? [hook] : [],
  );
}

function guardOf(route: RouteOptions, guards: TGuards): TGuardName | null {
  const hooks = hooksOf(route);
  const found = Object.entries(guards).find(([, guard]) => hooks.includes(guard));
  return found ? (found[0] as TGuardName) : null;
}

/**
 * `nullable: true` with an `enum` (zod's `.nullable()` enums): OpenAPI 3.0.3 lets null through only
 * when the enum lists it too, so it is added (in place: the schemas are this document's own).
 */
function nullInEnums(schema: unknown): void {
  if (Array.isArray(schema)) {
    for (const item of schema) nullInEnums(item);
    return;
  }
  if (!schema || typeof schema !== 'object') return;
  const object = schema as TJson;
  if (object.nullable === true && Array.isArray(object.enum) && !object.enum.includes(null)) {
    object.enum = [...object.enum, null];
  }
  for (const value of Object.values(object)) nullInEnums(value);
}

/** One of ROUTE_MEDIA's answers as @fastify/swagger reads it ("type: null": no body). */
function mediaAnswer({ description, content, headers }: TAnswer): TJson {
  const more = headers ? { headers } : {};
  return content && Object.keys(content).length
    ? { description, content, ...more }
    : { type: 'null', description, ...more };
}

/** An answer of the route's `response`: a JSON schema, or already per media type (zod's form). */
function responseAnswer(answer: TJson): TJson {
  if (answer.content || answer.type === 'null') return { ...answer };
  return { description: '', content: { 'application/json': { schema: answer } } };
}

/**
 * The document's per-route transform (app.ts): the zod schemas to JSON (fastify-type-provider-
 * zod), then what the route itself says. `guards`: the app's (read once the routes are in).
 */
export function createDocumentTransform(options: { guards: () => TGuards | undefined }): SwaggerTransform {
  return (input) => {
    const { schema, url } = jsonSchemaTransform(input) as {
      schema?: TJson;
      url: string;
    };
    // A route without a schema is a page of the web app (platform/web-app.ts), not an operation.
    if (!schema || schema.hide) return { schema: { ...schema, hide: true }, url };
    nullInEnums(schema);
    const guards = options.guards();
    if (!guards) throw new Error('The OpenAPI document was asked for before the routes were in');
    const route = input.route as RouteOptions;
    const method = String(route.method).toUpperCase();
    const key = `${method} ${documentPath(url)}`;
    const media = ROUTE_MEDIA[key] ?? {};
    const guard = guardOf(route, guards);
    const csrf = csrfChecked(method, url);
    const { produces, response, ...rest } = schema as TJson & {
      produces?: string[];
      response?: Record<string, TJson>;
    };
    const answers: Record<string, TJson> = {};
    const reasons: Record<string, string[]> = {};
    const add = (status: number, reason: string) => {
      answers[status] ??= mediaAnswer({ description: '', content: errorAnswer });
      reasons[status] = [...(reasons[status] ?? []), reason];
    };
    for (const [status, answer] of Object.entries(response ?? {})) answers[status] = responseAnswer(answer);
    // A file or a stream named by `produces` (a CSV export): its 200, unless the route says more.
    if (produces?.length && !Object.keys(answers).some((status) => status.startsWith('2'))) {
      answers[200] = mediaAnswer({ description: 'The file.', content: text(produces[0] as string) });
    }
    for (const [status, answer] of Object.entries(media.answers ?? {})) answers[status] = mediaAnswer(answer);
    if (rest.body || rest.querystring || rest.params || rest.headers) {
      add(
        400,
        'the request does not match the schema (`invalid_field` and the like), or its body is not valid JSON.',
      );
    }
    if (guard) {
      add(401, '`authentication_required`: no session, or it has ended.');
      const forbidden = GUARD_FORBIDDEN[guard];
      if (forbidden) add(403, forbidden);
    }
    if (csrf) {
      add(
        403,
        `\`csrf_invalid\`: the CSRF token is missing or is not this browser's (send the \`${COOKIE_NAMES.csrf}\` cookie's value as X-CSRF-Token).`,
      );
    }
    if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) {
      add(429, '`rate_limited`: too many attempts; `retry_after_seconds` says when to try again.');
    }
    for (const [status, answer] of Object.entries(answers)) {
      if (answer.description) continue;
      const phrase = STATUS_CODES[Number(status)] ?? status;
      answer.description = reasons[status] ? `${phrase}: ${reasons[status].join(' ')}` : phrase;
    }
    const security: TSecurity =
      (rest.security as TSecurity | undefined) ??
      (guard ? [csrf ? { session: [], csrf: [] } : { session: [] }] : csrf ? [{ csrf: [] }] : []);
    const headers = media.headers
      ? {
          type: 'object',
          properties: Object.fromEntries(
            Object.entries(media.headers).map(([name, description]) => [
              name,
              { type: 'string', description },
            ]),
          ),
          required: Object.keys(media.headers),
        }
      : rest.headers;
    return {
      schema: {
        ...rest,
        operationId: (rest.operationId as string | undefined) ?? operationIdOf(method, url),
        security,
        ...(headers ? { headers } : {}),
        ...(media.body ? { body: media.body } : {}),
        ...(media.consumes ? { consumes: [media.consumes] } : {}),
        response: Object.fromEntries(Object.entries(answers).sort(([a], [b]) => a.localeCompare(b))),
      },
      url,
    };
  };
}

type TDocument = {
  openapi?: string;
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
} & Record<string, unknown>;

export const V1_PREFIX = '/api/v1/';

const DESCRIPTION = `The public REST API of Message Station: create messages in every language, follow their translations, send them by SMS and manage SMS contacts from your own systems.

**Authentication.** Create a key on the Users page (API keys card, admins only) and send it as \`Authorization: Bearer <key>\`. A missing, unknown or revoked key answers 401 with a \`WWW-Authenticate\` header.

**Scopes.** Each operation names the scope it needs (\`x-required-scopes\`): ${STATION_KEY_SCOPES.map((s) => `\`${s}\``).join(', ')}. A key without it answers 403 with code \`station_key_scope\`.

**Rate limits.** Each key has its own limit of requests per minute (default ${STATION_KEY_RATE_LIMIT.default}), counted on all servers together. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds); past the limit the answer is 429 with \`Retry-After\`.

**Errors** are \`{ "error": "…", "code": "…", "params": {…} }\`: \`error\` in English, \`code\` stable. Another station's object answers 404.`;

/**
 * The guide for integrators: its headings one level down, below the document's own title, and
 * without its last section (the admin routes behind the Webhooks page, not part of this API).
 */
const demoted = (markdown: string) =>
  markdown
    .split(/\n(?=## Admin API)/)[0]
    ?.trimEnd()
    .replace(/^(#{1,5}) /gm, '#$1 ') ?? '';

/** Names of the components a value refers to ($ref "#/components/schemas/<name>"). */
function refsIn(value: unknown, found: Set<string>) {
  const text = JSON.stringify(value);
  for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) found.add(match[1] as string);
}

/**
 * `guide`: the webhooks guide (docs/webhooks.md), shown below the introduction so the reference
 * page admins open from the Webhooks page explains the events, signatures and retries too.
 */
export function v1Document(whole: TDocument, publicUrl: string, guide = ''): TDocument {
  const paths = Object.fromEntries(
    Object.entries(whole.paths ?? {}).filter(([path]) => path.startsWith(V1_PREFIX)),
  );
  const all = whole.components?.schemas ?? {};
  const used = new Set<string>();
  refsIn(paths, used);
  // Components may refer to others: follow until nothing new turns up.
  for (let size = -1; size !== used.size; ) {
    size = used.size;
    for (const name of [...used]) refsIn(all[name], used);
  }
  const schemas = Object.fromEntries(Object.entries(all).filter(([name]) => used.has(name)));
  return {
    openapi: whole.openapi,
    info: {
      title: 'Message Station API v1',
      version: '1.0.0',
      description: guide ? `${DESCRIPTION}\n\n${demoted(guide)}` : DESCRIPTION,
    },
    servers: [{ url: publicUrl.replace(/\/$/, '') }],
    tags: [{ name: API_V1_TAG, description: 'Operations authenticated by a station API key' }],
    paths,
    components: {
      schemas,
      securitySchemes: { [STATION_KEY_SCHEME]: SECURITY_SCHEMES[STATION_KEY_SCHEME] },
    },
    security: [{ [STATION_KEY_SCHEME]: [] }],
  };
}
