// A stand-alone National Weather Service API on loopback for the browser journey and for trying
// the weather page by hand: `E2E_NWS_PORT=3299 node apps/web/e2e/fake-nws.mjs`, then start the
// server with NWS_API_URL=http://127.0.0.1:3299. It serves the recorded alerts of
// apps/server/src/test/fixtures/nws in NWS's wire format (application/geo+json, filtered by zone,
// Last-Modified and 304 for If-Modified-Since, 403 without a User-Agent), the zone lists and the
// event names. Alerts are published by the journey:
//   POST /__fake/alerts {"fixture": "tornado-warning-ok"}   (times moved so the alert is current;
//        "rebase": false keeps the recorded times; "new_id": true publishes it under a new id)
//   DELETE /__fake/alerts       POST /__fake/down {"state": "refuse" | "error" | null}
//   GET /__fake/requests        what NWS was asked (path, query, user-agent, if-modified-since, status)
//   GET /healthz                ready (Playwright's webServer check)
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FIXTURES = fileURLToPath(new URL('../../server/src/test/fixtures/nws/', import.meta.url));
const ALERT_FIXTURES = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json') && !name.startsWith('zones-') && name !== 'alert-types.json')
  .map((name) => name.replace(/\.json$/, ''));
const ZONE_ID = /^[A-Z]{2}[CZ]\d{3}$/;
const TIME_FIELDS = ['sent', 'effective', 'onset', 'expires', 'ends'];

function readFixture(name) {
  return JSON.parse(readFileSync(`${FIXTURES}${name}.json`, 'utf8'));
}

function zonesOf(feature) {
  const ugc = feature.properties.geocode?.UGC ?? [];
  const affected = (feature.properties.affectedZones ?? []).map((url) => url.slice(url.lastIndexOf('/') + 1));
  return [...new Set([...ugc, ...affected])];
}

/** The recorded alert moved in time so that it was sent a minute ago (its durations kept). */
function rebased(feature, now) {
  const sent = new Date(feature.properties.sent).getTime();
  const shift = now.getTime() - 60_000 - sent;
  for (const field of TIME_FIELDS) {
    const value = feature.properties[field];
    if (typeof value === 'string')
      feature.properties[field] = new Date(new Date(value).getTime() + shift).toISOString();
  }
  return feature;
}

function renamed(feature, sequence) {
  const id = `${feature.properties.id}.e2e${sequence}`;
  feature.properties.id = id;
  feature.properties['@id'] = `https://api.weather.gov/alerts/${id}`;
  feature.id = feature.properties['@id'];
  return feature;
}

function send(response, status, body, type = 'application/json', headers = {}) {
  response.writeHead(status, { 'content-type': type, ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function problem(response, status, title, detail) {
  send(
    response,
    status,
    { type: 'https://api.weather.gov/problems/Error', title, status, detail },
    'application/problem+json',
  );
}

async function bodyOf(request) {
  let text = '';
  for await (const chunk of request) text += chunk;
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function startFakeNws({ port = 0, host = '127.0.0.1' } = {}) {
  const alerts = new Map();
  const requests = [];
  let lastModified = new Date(Math.floor(Date.now() / 1000) * 1000);
  let down = null;
  let sequence = 0;
  const changed = () => {
    // Whole seconds (HTTP dates), and always later than the last answer's.
    lastModified = new Date(Math.max(Math.floor(Date.now() / 1000) * 1000, lastModified.getTime() + 1000));
  };

  async function control(request, response, url) {
    if (url.pathname === '/__fake/alerts' && request.method === 'POST') {
      const body = await bodyOf(request);
      if (!body || !ALERT_FIXTURES.includes(body.fixture)) {
        return send(response, 400, { error: `fixture must be one of ${ALERT_FIXTURES.join(', ')}` });
      }
      let feature = readFixture(body.fixture);
      if (body.rebase !== false) feature = rebased(feature, new Date());
      if (body.new_id === true) feature = renamed(feature, ++sequence);
      alerts.set(feature.properties.id, feature);
      changed();
      return send(response, 201, { id: feature.properties.id, zones: zonesOf(feature) });
    }
    if (url.pathname === '/__fake/alerts' && request.method === 'DELETE') {
      alerts.clear();
      changed();
      return send(response, 200, { ok: true });
    }
    if (url.pathname === '/__fake/down' && request.method === 'POST') {
      const body = await bodyOf(request);
      down = body?.state === 'refuse' || body?.state === 'error' ? body.state : null;
      return send(response, 200, { down });
    }
    if (url.pathname === '/__fake/requests') return send(response, 200, { requests });
    return problem(response, 404, 'Not Found', `${url.pathname} is not a control endpoint`);
  }

  function nws(request, response, url) {
    const record = (status) =>
      requests.push({
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        user_agent: request.headers['user-agent'] ?? null,
        if_modified_since: request.headers['if-modified-since'] ?? null,
        status,
      });
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
      if (since && new Date(since).getTime() >= lastModified.getTime()) {
        record(304);
        response.writeHead(304, { 'last-modified': lastModified.toUTCString() });
        return response.end();
      }
      record(200);
      const features = [...alerts.values()].filter(
        (feature) => zones.length === 0 || zonesOf(feature).some((zone) => zones.includes(zone)),
      );
      return send(
        response,
        200,
        {
          '@context': ['https://geojson.org/geojson-ld/geojson-context.jsonld', { '@version': '1.1' }],
          type: 'FeatureCollection',
          features,
          title: 'Current watches, warnings, and advisories',
          updated: lastModified.toISOString().replace('.000Z', '+00:00'),
        },
        'application/geo+json',
        { 'last-modified': lastModified.toUTCString(), 'cache-control': 'public, max-age=30' },
      );
    }
    if (url.pathname === '/zones') {
      const area = url.searchParams.get('area') ?? '';
      const type = url.searchParams.get('type') ?? '';
      record(200);
      let body;
      try {
        body = readFileSync(
          `${FIXTURES}zones-${area.replace(/[^A-Z]/g, '')}-${type.replace(/[^a-z]/g, '')}.json`,
          'utf8',
        );
      } catch {
        body = { type: 'FeatureCollection', features: [] };
      }
      return send(response, 200, body, 'application/geo+json');
    }
    if (url.pathname === '/alerts/types') {
      record(200);
      return send(response, 200, readFileSync(`${FIXTURES}alert-types.json`, 'utf8'), 'application/ld+json');
    }
    record(404);
    return problem(response, 404, 'Not Found', `${url.pathname} is not an endpoint`);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://nws.test');
    // Playwright's webServer waits for this before the journeys start.
    if (url.pathname === '/healthz') return send(response, 200, { ok: true });
    if (url.pathname.startsWith('/__fake/')) {
      control(request, response, url).catch((error) => send(response, 500, { error: String(error) }));
      return;
    }
    if (down === 'refuse') {
      request.socket.destroy();
      return;
    }
    nws(request, response, url);
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.E2E_NWS_PORT ?? 3299);
  const fake = await startFakeNws({ port });
  console.log(`fake NWS listening on ${fake.url} (fixtures: ${ALERT_FIXTURES.join(', ')})`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
