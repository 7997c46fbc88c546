// Station API keys and /api/v1 calls in tests: a key made through the admin route (as an admin
// would on the Users page), and a client that sends it as a bearer token from its own address.
import type { TStationKeyScope } from '@message-station/shared';
import type { TApp } from '../app.js';
import type { TestClient } from './app.js';

export async function createStationKey(
  admin: TestClient,
  scopes: readonly TStationKeyScope[],
  options: { name?: string; rateLimit?: number } = {},
): Promise<{ key: string; id: string }> {
  const response = await admin.post('/admin/api/station-keys', {
    name: options.name ?? `Key ${scopes.join(' ')}`,
    scopes,
    ...(options.rateLimit ? { rate_limit_per_minute: options.rateLimit } : {}),
  });
  if (response.statusCode !== 201)
    throw new Error(`key not created: ${response.statusCode} ${response.body}`);
  const body = response.json() as { key: string; station_key: { id: string } };
  return { key: body.key, id: body.station_key.id };
}

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls /api/v1 with `Authorization: Bearer <key>` (none when key is null), no cookies. */
export function apiClient(app: TApp, key: string | null, ip = '203.0.113.7') {
  const call = (method: TMethod, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      remoteAddress: ip,
      payload: body as never,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    });
  return {
    call,
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body, headers),
    put: (url: string, body?: unknown) => call('PUT', url, body),
  };
}

/** The events of a finished text/event-stream body, in order. */
export function parseEventStream(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .map((block) => {
      let event = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      return data ? { event, data: JSON.parse(data) as unknown } : null;
    })
    .filter((entry): entry is { event: string; data: unknown } => entry !== null);
}
