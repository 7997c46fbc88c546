// The National Weather Service API on loopback, the one fake both the server's tests
// (apps/server/src/test/fake-nws.ts) and the browser journey (apps/web/e2e/fake-nws.mjs) use. It
// serves the recorded alert documents of apps/server/src/test/fixtures/nws as NWS serves them
// (application/geo+json FeatureCollections filtered by zone, Last-Modified and 304 for
// If-Modified-Since, a 403 problem without a User-Agent), the zone lists and the event names,
// records what each request carried, and can be taken down or made to fail in the shapes vendors
// fail in (an HTML page, an empty body, 429 with Retry-After, no answer, a stalled body). Every
// request is checked against NWS's published OpenAPI description (nws-openapi.mjs): one NWS would
// refuse (an unknown path or query parameter, a value outside its schema) answers 400 as NWS does,
// and each answer is checked against the schema NWS documents for it, the differences recorded.
// Plain JavaScript so that the journey's `node` runs it as is; its types are in fake-nws.d.mts.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { nwsOpenApi } from './nws-openapi.mjs';

/** The recorded NWS documents (read by path at each request, so a test sees edits at once). */
export const NWS_FIXTURES = fileURLToPath(new URL('../apps/server/src/test/fixtures/nws/', import.meta.url));

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
 * NWS's error body (RFC 7807 problem details, with the instance and correlation id NWS adds).
 * @param {string} title
 * @param {number} status
 * @param {string} detail
 */
export function problemBody(title, status, detail) {
  const id = randomUUID();
  return {
    type: `https://api.weather.gov/problems/${title.replace(/[^A-Za-z]/g, '')}`,
    title,
    status,
    detail,
    instance: `https://api.weather.gov/requests/${id}`,
    correlationId: id,
  };
}

/**
 * Answers with NWS's error body.
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {string} title
 * @param {string} detail
 */
export function problem(response, status, title, detail) {
  send(response, status, problemBody(title, status, detail), 'application/problem+json');
}

/**
 * Answers as a failure shape says (apps/server/src/test/vendor-failures.ts); false for a hang.
 * @param {import('node:http').ServerResponse} response
 * @param {import('./fake-nws.mjs').TNwsFailure} failure
 */
export function answerWithFailure(response, failure) {
  if (failure.kind === 'hang') return false;
  if (failure.kind === 'stall') {
    response.writeHead(failure.status ?? 200, {
      'content-type': failure.contentType ?? 'application/geo+json',
      'content-length': '1000',
    });
    response.flushHeaders();
    return true;
  }
  if (failure.kind === 'raw') {
    response.writeHead(failure.status, {
      ...(failure.contentType ? { 'content-type': failure.contentType } : {}),
      ...failure.headers,
    });
    response.end(failure.body ?? '');
    return true;
  }
  response.writeHead(failure.status, {
    ...(failure.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
    ...failure.headers,
  });
  response.end(failure.body !== undefined ? JSON.stringify(failure.body) : undefined);
  return true;
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
  const openApi = nwsOpenApi();
  // The schemas of what the fake answers are compiled before it listens, not in a first answer.
  for (const [pathname, query, contentType] of [
    ['/alerts/active', 'zone=OKC029', 'application/geo+json'],
    ['/zones', 'area=OK&type=county&include_geometry=false', 'application/geo+json'],
    ['/alerts/types', '', 'application/ld+json'],
  ]) {
    openApi.checkResponse({ pathname, status: 200, contentType, body: {} });
    openApi.checkResponse({ pathname, status: 400, contentType: 'application/problem+json', body: {} });
    openApi.checkRequest({ pathname, query: new URLSearchParams(query), headers: {} });
  }
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
    // What NWS's OpenAPI description says of the request: a request NWS would refuse is refused.
    const problems = openApi.checkRequest({
      method: request.method,
      pathname: url.pathname,
      query: url.searchParams,
      headers: request.headers,
    });
    /** @type {import('./fake-nws.mjs').TNwsRequest} */
    const entry = {
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      status: 0,
      problems,
      answerProblems: [],
    };
    requests.push(entry);
    /** Answers and checks the answer against the schema NWS documents for it. */
    const reply = (
      /** @type {number} */ status,
      /** @type {unknown} */ body,
      /** @type {string} */ type,
      /** @type {Record<string, string>} */ headers = {},
    ) => {
      entry.status = status;
      const parsed = typeof body === 'string' ? JSON.parse(body) : body;
      entry.answerProblems = openApi.checkResponse({
        method: request.method,
        pathname: url.pathname,
        status,
        contentType: type,
        body: parsed,
      });
      return send(response, status, body, type, headers);
    };
    const refuse = (
      /** @type {number} */ status,
      /** @type {string} */ title,
      /** @type {string} */ detail,
    ) => reply(status, problemBody(title, status, detail), 'application/problem+json');
    if (down === 'error') {
      return refuse(500, 'Unexpected Problem', 'An unexpected problem has occurred.');
    }
    if (down && typeof down === 'object') {
      entry.status = down.kind === 'hang' ? 0 : (down.status ?? 200);
      return answerWithFailure(response, down);
    }
    if (!request.headers['user-agent']) {
      return refuse(403, 'Forbidden', 'A User-Agent header identifying your application is required.');
    }
    if (problems.length) return refuse(400, 'Bad Request', problems.join('; '));
    if (url.pathname === '/alerts/active') {
      const zones = (url.searchParams.get('zone') ?? '').split(',').filter(Boolean);
      const since = request.headers['if-modified-since'];
      if (since && new Date(since).getTime() >= lastModified) {
        entry.status = 304;
        response.writeHead(304, { 'last-modified': lastModifiedHeader() });
        return response.end();
      }
      const features = [...alerts.values()].filter(
        (feature) => zones.length === 0 || zonesOf(feature).some((zone) => zones.includes(zone)),
      );
      return reply(
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
      return reply(200, body, 'application/geo+json');
    }
    if (url.pathname === '/alerts/types') {
      return reply(200, readFileSync(`${fixtures}alert-types.json`, 'utf8'), 'application/ld+json');
    }
    // An endpoint of NWS's the fake does not serve.
    return refuse(404, 'Not Found', `${url.pathname} is not served by this fake`);
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
