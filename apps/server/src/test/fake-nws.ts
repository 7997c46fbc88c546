// The National Weather Service API on loopback, for tests: the recorded alert documents of
// fixtures/nws served as NWS serves them (application/geo+json FeatureCollections, filtered by
// zone, Last-Modified and 304 for If-Modified-Since, a 403 problem without a User-Agent), the
// zone lists and event names, and what each request carried. A test adds, replaces or removes
// alerts, or takes the service down.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const FIXTURES = fileURLToPath(new URL('./fixtures/nws/', import.meta.url));

export type TNwsFixture =
  | 'tornado-warning-ok'
  | 'tornado-warning-ok-expiring'
  | 'severe-thunderstorm-warning-ok'
  | 'tornado-watch-al'
  | 'tornado-watch-al-update'
  | 'tornado-watch-al-cancel'
  | 'special-weather-statement-wa';

type TFeature = {
  id: string;
  type: 'Feature';
  properties: Record<string, unknown> & {
    id: string;
    geocode?: { UGC?: string[] };
    affectedZones?: string[];
  };
};

export type TNwsRequest = {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  status: number;
};

/** One recorded alert (a GeoJSON Feature), parsed afresh so a test may change its copy. */
export function nwsFixture(name: TNwsFixture): TFeature {
  return JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8')) as TFeature;
}

function zonesOf(feature: TFeature): string[] {
  const ugc = feature.properties.geocode?.UGC ?? [];
  const affected = (feature.properties.affectedZones ?? []).map((url) => url.slice(url.lastIndexOf('/') + 1));
  return [...new Set([...ugc, ...affected])];
}

/** NWS's error body (RFC 7807 problem details). */
function problem(response: ServerResponse, status: number, title: string, detail: string) {
  response.writeHead(status, { 'content-type': 'application/problem+json' });
  response.end(JSON.stringify({ type: 'https://api.weather.gov/problems/Error', title, status, detail }));
}

export async function startFakeNws() {
  const alerts = new Map<string, TFeature>();
  const requests: TNwsRequest[] = [];
  // Last-Modified moves a minute at each change (HTTP dates have whole seconds only).
  let lastModified = new Date('2025-04-20T04:00:00Z');
  let down: 'refuse' | 'error' | null = null;

  function changed() {
    lastModified = new Date(lastModified.getTime() + 60_000);
  }

  function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://nws.test');
    const record = (status: number) =>
      requests.push({ path: url.pathname, query: url.searchParams, headers: request.headers, status });
    if (down === 'error') {
      record(500);
      return problem(response, 500, 'Unexpected Problem', 'An unexpected problem has occurred.');
    }
    if (!request.headers['user-agent']) {
      record(403);
      return problem(
        response,
        403,
        'Forbidden',
        'A User-Agent header identifying your application is required.',
      );
    }
    if (url.pathname === '/alerts/active') {
      const zones = (url.searchParams.get('zone') ?? '').split(',').filter(Boolean);
      if (zones.some((zone) => !/^[A-Z]{2}[CZ]\d{3}$/.test(zone))) {
        record(400);
        return problem(response, 400, 'Bad Request', 'Invalid zone');
      }
      const since = request.headers['if-modified-since'];
      if (since && new Date(since).getTime() >= Math.floor(lastModified.getTime() / 1000) * 1000) {
        record(304);
        response.writeHead(304, { 'last-modified': lastModified.toUTCString() });
        return response.end();
      }
      const features = [...alerts.values()].filter(
        (feature) => zones.length === 0 || zonesOf(feature).some((zone) => zones.includes(zone)),
      );
      record(200);
      response.writeHead(200, {
        'content-type': 'application/geo+json',
        'last-modified': lastModified.toUTCString(),
        'cache-control': 'public, max-age=30',
      });
      return response.end(
        JSON.stringify({
          '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld', { '@version': '1.1' }],
          type: 'FeatureCollection',
          features,
          title: 'Current watches, warnings, and advisories',
          updated: lastModified.toISOString().replace('.000Z', '+00:00'),
        }),
      );
    }
    if (url.pathname === '/zones') {
      const area = url.searchParams.get('area') ?? '';
      const type = url.searchParams.get('type') ?? '';
      let body: string;
      try {
        body = readFileSync(`${FIXTURES}zones-${area}-${type}.json`, 'utf8');
      } catch {
        body = JSON.stringify({ type: 'FeatureCollection', features: [] });
      }
      record(200);
      response.writeHead(200, { 'content-type': 'application/geo+json' });
      return response.end(body);
    }
    if (url.pathname === '/alerts/types') {
      record(200);
      response.writeHead(200, { 'content-type': 'application/ld+json' });
      return response.end(readFileSync(`${FIXTURES}alert-types.json`, 'utf8'));
    }
    record(404);
    problem(response, 404, 'Not Found', `${url.pathname} is not an endpoint`);
  }

  const server = createServer((request, response) => {
    if (down === 'refuse') {
      request.socket.destroy();
      return;
    }
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  afterAll(close);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Publishes a recorded alert (or a changed copy of one); Last-Modified moves on. */
    add(alert: TNwsFixture | TFeature) {
      const feature = typeof alert === 'string' ? nwsFixture(alert) : alert;
      alerts.set(feature.properties.id, feature);
      changed();
      return feature;
    },
    remove(id: string) {
      alerts.delete(id);
      changed();
    },
    clear() {
      alerts.clear();
      changed();
    },
    /** `refuse`: connections are dropped; `error`: every request answers 500; null: back up. */
    setDown(state: 'refuse' | 'error' | null) {
      down = state;
    },
    alertRequests: () => requests.filter((r) => r.path === '/alerts/active'),
    /** The Last-Modified the alerts are answered with now. */
    lastModified: () => lastModified.toUTCString(),
    close,
  };
}

export type TFakeNws = Awaited<ReturnType<typeof startFakeNws>>;
