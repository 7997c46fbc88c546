// The National Weather Service API on loopback, the one fake both the server's tests
// (apps/server/src/test/fake-nws.ts) and the browser journey (apps/web/e2e/fake-nws.mjs) use. It
// serves the recorded alert documents of apps/server/src/test/fixtures/nws as NWS serves them
// (application/geo+json FeatureCollections filtered by zone, 400 for a bad zone, Last-Modified and
// 304 for If-Modified-Since, a 403 problem without a User-Agent), the zone lists and the event
// names, records what each request carried, and can be taken down. Plain JavaScript so that the
// journey's `node` runs it as is; its types are in fake-nws.d.mts.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** The recorded NWS documents (read by path at each request, so a test sees edits at once). */
export const NWS_FIXTURES = fileURLToPath(new URL('../apps/server/src/test/fixtures/nws/', import.meta.url));

const ZONE_ID = /^[A-Z]{2}[CZ]\d{3}$/;

/**
 * The names of the recorded alerts (the fixtures that are neither zone lists nor event names).
 * @param {string} [fixtures]
 * @returns {string[]}
 */
export function nwsAlertFixtures(fixtures = NWS_FIXTURES) {
  return readdirSync(fixtures)
    .filter((name) => name.endsWith('.json') && !name.startsWith('zones-') && name !== 'alert-types.json')
    .map((name) => name.replace(/\.json$/, ''))
    .sort();
}

/**
 * One recorded alert (a GeoJSON Feature), parsed afresh so the caller may change its copy.
 * @param {string} name
 * @param {string} [fixtures]
 */
export function nwsFixture(name, fixtures = NWS_FIXTURES) {
  return JSON.parse(readFileSync(`${fixtures}${name}.json`, 'utf8'));
}

/**
 * The zones an alert is for: its UGC codes and the ids of its affected zones.
 * @param {{ properties: { geocode?: { UGC?: string[] }, affectedZones?: string[] } }} feature
 * @returns {string[]}
 */
export function zonesOf(feature) {
  const ugc = feature.properties.geocode?.UGC ?? [];
  const affected = (feature.properties.affectedZones ?? []).map((url) => url.slice(url.lastIndexOf('/') + 1));
  return [...new Set([...ugc, ...affected])];
}

/** @param {number} time */
const wholeSeconds = (time) => Math.floor(time / 1000) * 1000;

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 * @param {string} [type]
 * @param {Record<string, string>} [headers]
 */
export function send(response, status, body, type = 'application/json', headers = {}) {
  response.writeHead(status, { 'content-type': type, ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * NWS's error body (RFC 7807 problem details).
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} title
 * @param {string} detail
 */
export function problem(response, status, title, detail) {
  send(
    response,
    status,
    { type: 'https://api.weather.gov/problems/Error', title, status, detail },
    'application/problem+json',
  );
}

/**
 * Starts the fake; see fake-nws.d.mts for the options and what it returns.
 * @param {import('./fake-nws.mjs').TFakeNwsOptions} [options]
 * @returns {Promise<import('./fake-nws.mjs').TFakeNwsServer>}
 */
export async function startFakeNws({
  port = 0,
  host = '127.0.0.1',
  fixtures = NWS_FIXTURES,
  startAt,
  before,
} = {}) {
  /** @type {Map<string, import('./fake-nws.mjs').TNwsFeature>} */
  const alerts = new Map();
  /** @type {import('./fake-nws.mjs').TNwsRequest[]} */
  const requests = [];
  /** @type {import('./fake-nws.mjs').TNwsDown} */
  let down = null;
  // HTTP dates have whole seconds only; Last-Modified moves forward at every change: a minute from a
  // fixed start (reproducible tests), or to the present second (a fake run by hand or the journey).
  let lastModified = wholeSeconds((startAt ?? new Date()).getTime());
  const changed = () => {
    lastModified = startAt ? lastModified + 60_000 : Math.max(wholeSeconds(Date.now()), lastModified + 1000);
  };
  const lastModifiedHeader = () => new Date(lastModified).toUTCString();

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {URL} url
   */
  function answer(request, response, url) {
    /** @param {number} status */
    const record = (status) =>
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
      if (zones.some((zone) => !ZONE_ID.test(zone))) {
        record(400);
        return problem(response, 400, 'Bad Request', 'Invalid zone');
      }
      const since = request.headers['if-modified-since'];
      if (since && new Date(since).getTime() >= lastModified) {
        record(304);
        response.writeHead(304, { 'last-modified': lastModifiedHeader() });
        return response.end();
      }
      const features = [...alerts.values()].filter(
        (feature) => zones.length === 0 || zonesOf(feature).some((zone) => zones.includes(zone)),
      );
      record(200);
      return send(
        response,
        200,
        {
          '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld', { '@version': '1.1' }],
          type: 'FeatureCollection',
          features,
          title: 'Current watches, warnings, and advisories',
          updated: new Date(lastModified).toISOString().replace('.000Z', '+00:00'),
        },
        'application/geo+json',
        { 'last-modified': lastModifiedHeader(), 'cache-control': 'public, max-age=30' },
      );
    }
    if (url.pathname === '/zones') {
      const area = (url.searchParams.get('area') ?? '').replace(/[^A-Z]/g, '');
      const type = (url.searchParams.get('type') ?? '').replace(/[^a-z]/g, '');
      /** @type {unknown} */
      let body;
      try {
        body = readFileSync(`${fixtures}zones-${area}-${type}.json`, 'utf8');
      } catch {
        body = { type: 'FeatureCollection', features: [] };
      }
      record(200);
      return send(response, 200, body, 'application/geo+json');
    }
    if (url.pathname === '/alerts/types') {
      record(200);
      return send(response, 200, readFileSync(`${fixtures}alert-types.json`, 'utf8'), 'application/ld+json');
    }
    record(404);
    return problem(response, 404, 'Not Found', `${url.pathname} is not an endpoint`);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://nws.test');
    // The caller's own endpoints (the journey's /healthz and /__fake/*) answer even when NWS is down.
    if (before?.(request, response, url)) return;
    if (down === 'refuse') {
      request.socket.destroy();
      return;
    }
    answer(request, response, url);
  });
  await new Promise((resolve) => server.listen(port, host, () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());

  return {
    url: `http://${host}:${address.port}`,
    requests,
    add(alert) {
      const feature = typeof alert === 'string' ? nwsFixture(alert, fixtures) : alert;
      alerts.set(feature.properties.id, feature);
      changed();
      return feature;
    },
    remove(id) {
      alerts.delete(id);
      changed();
    },
    clear() {
      alerts.clear();
      changed();
    },
    setDown(state) {
      down = state;
    },
    alertRequests: () => requests.filter((r) => r.path === '/alerts/active'),
    lastModified: lastModifiedHeader,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
