// The NWS client against the loopback fake: what it sends (User-Agent, Accept, If-Modified-Since),
// what it reads from a recorded alert, and how each kind of failure is told apart.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeNws } from '../../test/fake-nws.js';
import { createNwsClient, freshSeconds } from './nws.js';
import { NwsError } from './types.js';

const fake = await startFakeNws();
const USER_AGENT = 'MessageStationTest/1.0 (https://example.org, ops@example.org)';
const client = createNwsClient({ apiUrl: fake.url, userAgent: USER_AGENT, timeoutMs: 2000 });

describe('the NWS client', () => {
  it('reads a recorded tornado warning: zones, times, references', async () => {
    fake.clear();
    fake.add('tornado-warning-ok');
    fake.add('tornado-watch-al-cancel');
    const answer = await client.activeAlerts(['OKC063', 'ALC129']);
    if (!answer.modified) throw new Error('expected alerts');
    const [warning, cancel] = answer.alerts;
    expect(warning).toMatchObject({
      id: 'urn:oid:2.49.0.1.840.0.1ee7b56ae8604bf07e78a0ea34a4abf0da708c34.001.1',
      event: 'Tornado Warning',
      severity: 'Extreme',
      messageType: 'Alert',
      status: 'Actual',
      areaDesc: 'Coal, OK; Hughes, OK',
      zones: ['OKC029', 'OKC063'],
      references: [],
    });
    expect(warning?.sent.toISOString()).toBe('2025-04-20T04:23:00.000Z');
    expect(warning?.ends?.toISOString()).toBe('2025-04-20T05:15:00.000Z');
    expect(cancel).toMatchObject({
      messageType: 'Cancel',
      references: [
        'urn:oid:2.49.0.1.840.0.f95cf0f79f72666950dffd7631c8e3ea59badf98.001.1',
        'urn:oid:2.49.0.1.840.0.cfc6c16f6a710f26ac1510695362885161a510a0.002.1',
      ],
    });
    expect(answer.lastModified).toBe(fake.lastModified());
    const [request] = fake.alertRequests().slice(-1);
    expect(request?.headers['user-agent']).toBe(USER_AGENT);
    expect(request?.headers.accept).toBe('application/geo+json');
    expect(request?.query.get('zone')).toBe('OKC063,ALC129');
  });

  it('sends If-Modified-Since back and answers "not modified" on 304', async () => {
    const first = await client.activeAlerts(['OKC029']);
    if (!first.modified) throw new Error('expected alerts');
    expect(await client.activeAlerts(['OKC029'], first.lastModified)).toEqual({ modified: false });
    expect(fake.alertRequests().at(-1)?.headers['if-modified-since']).toBe(first.lastModified);
    fake.add('severe-thunderstorm-warning-ok');
    const changed = await client.activeAlerts(['OKC029'], first.lastModified);
    expect(changed.modified && changed.alerts.map((a) => a.event).sort()).toEqual([
      'Severe Thunderstorm Warning',
      'Tornado Warning',
    ]);
  });

  it('says how long an answer stays fresh: Cache-Control max-age, else Expires less Date', async () => {
    const answer = await client.activeAlerts(['OKC029']);
    expect(answer.freshSeconds).toBe(30);
    const at = 'Sun, 20 Apr 2025 04:25:00 GMT';
    expect(freshSeconds(new Headers({ 'cache-control': 'public, max-age=45, s-maxage=90' }))).toBe(45);
    expect(freshSeconds(new Headers({ 'cache-control': 'no-cache' }))).toBe(0);
    expect(freshSeconds(new Headers({ date: at, expires: 'Sun, 20 Apr 2025 04:26:00 GMT' }))).toBe(60);
    expect(freshSeconds(new Headers({ date: at, expires: '0' }))).toBe(0);
    expect(freshSeconds(new Headers({ 'last-modified': at }))).toBeUndefined();
  });

  it("lists a state's zones and NWS's event names", async () => {
    const counties = await client.zones('OK', 'county');
    expect(counties).toHaveLength(77);
    expect(counties).toContainEqual({ id: 'OKC029', name: 'Coal', type: 'county' });
    expect(await client.zones('WA', 'forecast')).toEqual([
      { id: 'WAZ034', name: 'Moses Lake Area', type: 'forecast' },
      { id: 'WAZ035', name: 'Upper Columbia Basin', type: 'forecast' },
    ]);
    expect(await client.eventTypes()).toContain('Special Weather Statement');
  });

  it('tells refusals, an unreachable service and a slow one apart', async () => {
    const refused = await client.activeAlerts(['Coal']).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NwsError);
    expect(refused).toMatchObject({ kind: 'status', status: 400 });
    expect((refused as Error).message).toContain('Invalid zone');

    fake.setDown('refuse');
    expect(await client.activeAlerts(['OKC029']).catch((error: unknown) => error)).toMatchObject({
      kind: 'network',
    });
    fake.setDown(null);

    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    afterAll(() => {
      silent.closeAllConnections();
      silent.close();
    });
    const slow = createNwsClient({
      apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
      userAgent: USER_AGENT,
      timeoutMs: 200,
    });
    expect(await slow.activeAlerts(['OKC029']).catch((error: unknown) => error)).toMatchObject({
      kind: 'timeout',
    });
  });
});
