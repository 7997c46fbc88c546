// A stand-alone National Weather Service API on loopback for the browser journey and for trying
// the weather page by hand: `E2E_NWS_PORT=3299 node apps/web/e2e/fake-nws.mjs`, then start the
// server with NWS_API_URL=http://127.0.0.1:3299. The NWS side is the shared fake of
// test-support/fake-nws.mjs (the server tests' too): the recorded alerts of
// apps/server/src/test/fixtures/nws in NWS's wire format. This runner adds the journey's controls:
//   POST /__fake/alerts {"fixture": "tornado-warning-ok"}   (times moved so the alert is current;
//        "rebase": false keeps the recorded times; "new_id": true publishes it under a new id)
//   DELETE /__fake/alerts       POST /__fake/down {"state": "refuse" | "error" | null}
//   GET /__fake/requests        what NWS was asked (path, query, user-agent, if-modified-since, status)
//   GET /healthz                ready (Playwright's webServer check)
import { pathToFileURL } from 'node:url';
import {
  nwsAlertFixtures,
  nwsFixture,
  problem,
  send,
  startFakeNws as startSharedFakeNws,
  zonesOf,
} from '../../../test-support/fake-nws.mjs';

const ALERT_FIXTURES = nwsAlertFixtures();
const TIME_FIELDS = ['sent', 'effective', 'onset', 'expires', 'ends'];

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
  let sequence = 0;
  /** @type {import('../../../test-support/fake-nws.mjs').TFakeNwsServer} */
  let fake;

  async function control(request, response, url) {
    if (url.pathname === '/__fake/alerts' && request.method === 'POST') {
      const body = await bodyOf(request);
      if (!body || !ALERT_FIXTURES.includes(body.fixture)) {
        return send(response, 400, { error: `fixture must be one of ${ALERT_FIXTURES.join(', ')}` });
      }
      let feature = nwsFixture(body.fixture);
      if (body.rebase !== false) feature = rebased(feature, new Date());
      if (body.new_id === true) feature = renamed(feature, ++sequence);
      fake.add(feature);
      return send(response, 201, { id: feature.properties.id, zones: zonesOf(feature) });
    }
    if (url.pathname === '/__fake/alerts' && request.method === 'DELETE') {
      fake.clear();
      return send(response, 200, { ok: true });
    }
    if (url.pathname === '/__fake/down' && request.method === 'POST') {
      const body = await bodyOf(request);
      const down = body?.state === 'refuse' || body?.state === 'error' ? body.state : null;
      fake.setDown(down);
      return send(response, 200, { down });
    }
    if (url.pathname === '/__fake/requests') {
      const requests = fake.requests.map((r) => ({
        path: r.path,
        query: Object.fromEntries(r.query),
        user_agent: r.headers['user-agent'] ?? null,
        if_modified_since: r.headers['if-modified-since'] ?? null,
        status: r.status,
      }));
      return send(response, 200, { requests });
    }
    return problem(response, 404, 'Not Found', `${url.pathname} is not a control endpoint`);
  }

  fake = await startSharedFakeNws({
    port,
    host,
    before(request, response, url) {
      // Playwright's webServer waits for this before the journeys start.
      if (url.pathname === '/healthz') {
        send(response, 200, { ok: true });
        return true;
      }
      if (url.pathname.startsWith('/__fake/')) {
        control(request, response, url).catch((error) => send(response, 500, { error: String(error) }));
        return true;
      }
      return false;
    },
  });
  return { url: fake.url, close: fake.close };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.env.E2E_NWS_PORT ?? 3299);
  const fake = await startFakeNws({ port });
  console.log(`fake NWS listening on ${fake.url} (fixtures: ${ALERT_FIXTURES.join(', ')})`);
  const stop = () => fake.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
