// The v1-only OpenAPI document: the /api/v1 operations of the app's whole document (generated
// from the routes' zod schemas), the bearer scheme, and the components they use.
import { STATION_KEY_RATE_LIMIT, STATION_KEY_SCOPES } from '@message-station/shared';
import { API_V1_TAG, STATION_KEY_SCHEME } from './operation.js';

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
      securitySchemes: {
        [STATION_KEY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'A station API key ("mssk-…"), created on the Users page.',
        },
      },
    },
    security: [{ [STATION_KEY_SCHEME]: [] }],
  };
}
