// The NWS client against the ways NWS (or a gateway before it) fails (test/vendor-failures.ts: a
// JSON error without `message`, an HTML page, an empty body, 429 with Retry-After, 503, no answer, a
// body that stalls): each ends in an NwsError saying whether waiting helps, with a message fit for a
// log line, within the deadline. And the fake itself, held to NWS's published OpenAPI description
// (test-support/vendor-specs/nws-openapi.yaml): the client's requests are ones NWS takes, its
// answers for the alerts endpoints match NWS's schemas, and a request NWS would refuse is refused.
import { afterAll, describe, expect, it } from 'vitest';
import { nwsOpenApi } from '../../../../../test-support/nws-openapi.mjs';
import { startFakeNws } from '../../test/fake-nws.js';
import { expectSafeLogLine, statusOf, VENDOR_FAILURE_SHAPES } from '../../test/vendor-failures.js';
import { createNwsClient } from './nws.js';
import { NwsError } from './types.js';

const USER_AGENT = 'MessageStationTest/1.2.0 (http://localhost:3000, support@localhost)';

describe('NWS failing', async () => {
  const fake = await startFakeNws();
  // Generous where an answer comes (a loaded machine is slow), short where none will.
  const patient = createNwsClient({ apiUrl: fake.url, userAgent: USER_AGENT, timeoutMs: 10_000 });
  const hasty = createNwsClient({ apiUrl: fake.url, userAgent: USER_AGENT, timeoutMs: 500 });

  it.each(VENDOR_FAILURE_SHAPES)('$name: an NwsError ($expected) from every call', async (shape) => {
    const client = shape.timeout ? hasty : patient;
    fake.setDown(shape.failure);
    try {
      const calls = [
        client.activeAlerts(['OKC029']),
        client.activeAlerts(['OKC029'], 'Sun, 20 Apr 2025 04:00:00 GMT'),
        client.zones('OK', 'county'),
        client.eventTypes(),
      ];
      for (const call of calls) {
        const error = await call.catch((thrown: unknown) => thrown);
        expect(error).toBeInstanceOf(NwsError);
        const failure = error as NwsError;
        expect(failure.transient).toBe(shape.expected === 'transient');
        if (shape.timeout) expect(failure.kind).toBe('timeout');
        else if (statusOf(shape) >= 400)
          expect(failure).toMatchObject({ kind: 'status', status: statusOf(shape) });
        else expect(failure.kind).toBe('malformed');
        if (shape.retryAfterSeconds !== undefined) {
          expect(failure.retryAfterSeconds).toBe(shape.retryAfterSeconds);
          expect(failure.message).toContain(`asked to wait ${shape.retryAfterSeconds} s`);
        }
        expectSafeLogLine(failure.message, 'no secret');
      }
    } finally {
      fake.setDown(null);
    }
  });

  it("keeps NWS's own words from a problem answer, and only those", async () => {
    const error = await patient.activeAlerts(['Coal']).catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ kind: 'status', status: 400, transient: false });
    expect((error as Error).message).toMatch(
      /^NWS answered 400 to \/alerts\/active\?zone=Coal: Bad Request: Invalid zone: Coal/,
    );
    expectSafeLogLine((error as Error).message, 'no secret');
  });

  afterAll(fake.close);
});

describe("the NWS fake, held to NWS's OpenAPI description", async () => {
  const fake = await startFakeNws();
  afterAll(fake.close);
  const client = createNwsClient({ apiUrl: fake.url, userAgent: USER_AGENT, timeoutMs: 10_000 });
  const openApi = nwsOpenApi();

  it("takes every request the client makes, and answers the alerts endpoints in NWS's schemas", async () => {
    fake.add('tornado-warning-ok');
    fake.add('tornado-watch-al');
    const first = await client.activeAlerts(['OKC029', 'ALC013', 'WAZ034']);
    expect(first.modified && first.alerts.length).toBe(2);
    await client.activeAlerts(['OKC029'], first.modified ? first.lastModified : null);
    await client.activeAlerts(['OKC029', 'OKZ999']);
    await client.zones('OK', 'county');
    await client.zones('WA', 'forecast');
    await client.eventTypes();
    expect(fake.requests.length).toBeGreaterThanOrEqual(6);
    for (const request of fake.requests) {
      expect(request.problems, `${request.path}?${request.query}`).toEqual([]);
      expect(request.headers['user-agent']).toBe(USER_AGENT);
    }
    const alerts = fake.requests.filter((r) => r.path.startsWith('/alerts'));
    expect(alerts.map((r) => r.status)).toEqual([200, 304, 200, 200]);
    for (const request of alerts) expect(request.answerProblems, request.path).toEqual([]);
  });

  it.each([
    ['a zone that is not a UGC code', '/alerts/active?zone=Coal', 400, /Invalid zone: Coal/],
    ['a status NWS does not know', '/alerts/active?status=Actual', 400, /Invalid status: Actual/],
    [
      'a message type NWS does not know',
      '/alerts/active?message_type=warning',
      400,
      /Invalid message_type: warning/,
    ],
    ['an unknown query parameter', '/alerts/active?zones=OKC029', 400, /Unknown query parameter: zones/],
    ['area and zone together', '/alerts/active?area=OK&zone=OKC029', 400, /cannot be combined/],
    ['an area that is no state', '/zones?area=ZZ&type=county', 400, /Invalid area: ZZ/],
    ['a zone type NWS does not have', '/zones?area=OK&type=parish', 400, /Invalid type: parish/],
    ['a path NWS does not have', '/alerts/nonsense/x/y', 400, /not an NWS endpoint/],
    ['no User-Agent', '/alerts/active?zone=OKC029', 403, /User-Agent/],
  ])('refuses %s as NWS does', async (_name, path, status, detail) => {
    const response = await fetch(`${fake.url}${path}`, {
      headers: status === 403 ? { 'user-agent': '' } : { 'user-agent': USER_AGENT },
    });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const body = (await response.json()) as { detail: string };
    expect(body.detail).toMatch(detail);
    // NWS's error body, as its description documents it.
    expect(
      openApi.checkResponse({
        pathname: '/alerts/active',
        status,
        contentType: 'application/problem+json',
        body,
      }),
    ).toEqual([]);
    expect(fake.requests.at(-1)?.problems.join('; ')).toMatch(detail);
  });

  it('takes what NWS takes: its statuses, message types, a limit and an area', async () => {
    for (const path of [
      '/alerts/active?status=actual,test&message_type=alert,update',
      '/alerts/active?area=OK&limit=10',
      '/alerts/active?zone=OKC029,WAZ034&urgency=Immediate&severity=Extreme',
    ]) {
      const response = await fetch(`${fake.url}${path}`, { headers: { 'user-agent': USER_AGENT } });
      expect(response.status, path).toBe(200);
      expect(fake.requests.at(-1)?.problems).toEqual([]);
      expect(fake.requests.at(-1)?.answerProblems).toEqual([]);
    }
  });

  it("tells an answer that does not match NWS's schema", () => {
    expect(
      openApi.checkResponse({
        pathname: '/alerts/active',
        status: 200,
        contentType: 'application/geo+json',
        body: { type: 'FeatureCollection', features: [{ properties: { messageType: 'Warning' } }] },
      }),
    ).not.toEqual([]);
  });
});
