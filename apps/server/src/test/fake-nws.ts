// The National Weather Service API on loopback, for tests: the shared fake of
// test-support/fake-nws.mjs (also the browser journey's) serving the recorded alert documents of
// fixtures/nws as NWS serves them (application/geo+json FeatureCollections, filtered by zone,
// Last-Modified and 304 for If-Modified-Since, a 403 problem without a User-Agent), the zone lists
// and event names, and what each request carried, each checked against NWS's OpenAPI description
// (test-support/nws-openapi.mjs). A test adds, replaces or removes alerts, takes the service down
// or makes it fail in a vendor's shape. Here it is typed with the fixtures' names and closes after
// the test file.
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import {
  nwsFixture as readFixture,
  startFakeNws as startSharedFakeNws,
  type TNwsDown,
  type TNwsFeature,
  type TNwsRequest,
} from '../../../../test-support/fake-nws.mjs';

export type { TNwsRequest };

const FIXTURES = fileURLToPath(new URL('./fixtures/nws/', import.meta.url));

export type TNwsFixture =
  | 'tornado-warning-ok'
  | 'tornado-warning-ok-expiring'
  | 'severe-thunderstorm-warning-ok'
  | 'tornado-watch-al'
  | 'tornado-watch-al-update'
  | 'tornado-watch-al-cancel'
  | 'special-weather-statement-wa';

/** One recorded alert (a GeoJSON Feature), parsed afresh so a test may change its copy. */
export function nwsFixture(name: TNwsFixture): TNwsFeature {
  return readFixture(name, FIXTURES);
}

export async function startFakeNws() {
  // Last-Modified starts at the recordings' time and moves a minute at each change.
  const fake = await startSharedFakeNws({ fixtures: FIXTURES, startAt: new Date('2025-04-20T04:00:00Z') });
  afterAll(fake.close);
  return {
    url: fake.url,
    requests: fake.requests,
    /** Publishes a recorded alert (or a changed copy of one); Last-Modified moves on. */
    add: (alert: TNwsFixture | TNwsFeature): TNwsFeature => fake.add(alert),
    remove: fake.remove,
    clear: fake.clear,
    /**
     * `refuse`: connections are dropped; `error`: every request answers 500; a failure shape of
     * test/vendor-failures.ts: every request is answered that way; null: back up.
     */
    setDown: (state: TNwsDown) => fake.setDown(state),
    alertRequests: fake.alertRequests,
    /** The Last-Modified the alerts are answered with now. */
    lastModified: fake.lastModified,
    close: fake.close,
  };
}

export type TFakeNws = Awaited<ReturnType<typeof startFakeNws>>;
