import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { safeError } from '../../platform/log-safety.js';
import { startFakeTwilio, type TFakeTwilioReply } from '../../test/fake-twilio.js';
import { classifyTwilioError, createTwilioSmsProvider, parseRetryAfter } from './twilio.js';
import { SmsSendError } from './types.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token';

describe('twilio SMS provider', async () => {
  const fake = await startFakeTwilio();
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.reply({ kind: 'ok' });
    fake.listReply(null);
  });

  const provider = (
    extra: { fromNumber?: string; messagingServiceSid?: string } = { fromNumber: '+15005550006' },
  ) =>
    createTwilioSmsProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status',
      apiBaseUrl: fake.url,
      ...extra,
    });

  it('posts the form Twilio expects, with Basic auth, and returns the message SID', async () => {
    const result = await provider().send({ to: '+15551234567', body: 'Hola: prueba ñ' });
    expect(result.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    const [request] = fake.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.contentType).toContain('application/x-www-form-urlencoded');
    const expectedAuth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
    expect(request?.authorization).toBe(expectedAuth);
    expect(request?.form).toEqual({
      To: '+15551234567',
      From: '+15005550006',
      Body: 'Hola: prueba ñ',
      StatusCallback: 'https://alerts.example.org/webhooks/sms/status',
    });
  });

  it('sends on one pool of kept-alive connections: many sends, few TCP connections', async () => {
    const sms = provider();
    const before = fake.connections();
    // Ten rounds of ten sends at once: a hundred requests, at most ten at a time.
    for (let round = 0; round < 10; round++) {
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          sms.send({ to: `+1555123${String(round * 10 + i).padStart(4, '0')}`, body: 'pool' }),
        ),
      );
      expect(sent.every((s) => /^SM[0-9a-f]{32}$/.test(s.providerMessageId))).toBe(true);
    }
    expect(fake.requests).toHaveLength(100);
    // One connection per request would be 100; the pool reuses its ten.
    expect(fake.connections() - before).toBeLessThanOrEqual(10);
    sms.close();
  });

  it('sends through a Messaging Service when one is configured', async () => {
    await provider({ messagingServiceSid: 'MG0123456789abcdef0123456789abcdef' }).send({
      to: '+15551234567',
      body: 'hi',
    });
    expect(fake.requests[0]?.form.MessagingServiceSid).toBe('MG0123456789abcdef0123456789abcdef');
    expect(fake.requests[0]?.form.From).toBeUndefined();
  });

  it.each([
    [400, 21211, 'permanent'],
    [400, 21610, 'permanent'],
    [400, 21614, 'permanent'],
    [429, 20429, 'transient'],
    [500, 20500, 'transient'],
    [503, 20503, 'transient'],
    [401, 20003, 'transient'],
    [400, 21602, 'permanent'],
  ] as const)('maps HTTP %i with Twilio code %i to a %s failure', async (status, code, kind) => {
    fake.reply({ kind: 'error', status, code, message: `error ${code}` });
    const error = await provider()
      .send({ to: '+15551234567', body: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).kind).toBe(kind);
    expect((error as SmsSendError).code).toBe(code);
    expect((error as SmsSendError).message).toContain(String(code));
  });

  it('treats an unreachable API as transient', async () => {
    const unreachable = createTwilioSmsProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      fromNumber: '+15005550006',
      statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status',
      apiBaseUrl: 'http://127.0.0.1:9',
    });
    const error = await unreachable.send({ to: '+15551234567', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).kind).toBe('transient');
  });

  // Every shape a failed call can take (decision 0051), at a send and at a lookup.
  const SHAPES: [string, TFakeTwilioReply, 'transient' | 'permanent', RegExp, boolean][] = [
    [
      "Twilio's JSON error",
      { kind: 'error', status: 400, code: 21211, message: "The 'To' number is not valid" },
      'permanent',
      /^Twilio 21211: The 'To' number is not valid$/,
      false,
    ],
    [
      'JSON without a message, with a code',
      { kind: 'json', status: 500, body: { code: 20500, status: 500 } },
      'transient',
      /^Twilio 20500: HTTP 500 with a JSON body without a message \(code 20500\)$/,
      false,
    ],
    [
      'JSON without a message or code, 4xx',
      { kind: 'json', status: 400, body: { status: 400 } },
      'transient',
      /without a message/,
      false,
    ],
    ["a gateway's HTML 502", { kind: 'html' }, 'transient', /^Twilio 502: HTTP 502 with an HTML page/, false],
    ["a gateway's HTML 404", { kind: 'html', status: 404 }, 'transient', /HTML page/, false],
    ['an empty 500', { kind: 'empty' }, 'transient', /^Twilio 500: HTTP 500 with an empty body$/, false],
    ['429 with Retry-After', { kind: 'throttled', retryAfter: 7 }, 'transient', /^Twilio 20429/, false],
    ['503', { kind: 'unavailable', retryAfter: 2 }, 'transient', /^Twilio 20503/, false],
    ['no answer (timeout)', { kind: 'hang' }, 'transient', /^Twilio unreachable: timeout/, true],
    ['a cut connection', { kind: 'reset' }, 'transient', /^Twilio unreachable: /, true],
  ];
  const impatient = () =>
    createTwilioSmsProvider(
      {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        fromNumber: '+15005550006',
        statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status',
        apiBaseUrl: fake.url,
      },
      { timeoutMs: 500 },
    );

  it.each(SHAPES)(
    'a send answered with %s fails, classified, with a message',
    async (_n, reply, kind, message, inDoubt) => {
      fake.reply(reply);
      const error = await impatient()
        .send({ to: '+15551234567', body: 'x' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsSendError);
      const failure = error as SmsSendError;
      expect({ kind: failure.kind, inDoubt: failure.inDoubt }).toEqual({ kind, inDoubt });
      expect(failure.message).toMatch(message);
      if (reply.kind === 'throttled') expect(failure.retryAfterMs).toBe(7000);
      if (reply.kind === 'unavailable') expect(failure.retryAfterMs).toBe(2000);
      expect(safeError(failure).message).toMatch(/\S/);
    },
  );

  it.each(SHAPES)(
    'a lookup answered with %s throws a classified SmsSendError, never in doubt',
    async (_n, reply, kind, message) => {
      fake.listReply(reply);
      const error = await impatient()
        .lookup?.([{ to: '+15551234567', body: 'x', since: new Date() }])
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsSendError);
      const failure = error as SmsSendError;
      expect({ kind: failure.kind, inDoubt: failure.inDoubt }).toEqual({ kind, inDoubt: false });
      expect(failure.message).toMatch(message);
      if (reply.kind === 'throttled') expect(failure.retryAfterMs).toBe(7000);
    },
  );

  it('an unreachable API is transient and certainly not sent', async () => {
    const error = await createTwilioSmsProvider({
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      fromNumber: '+15005550006',
      statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status',
      apiBaseUrl: 'http://127.0.0.1:9',
    })
      .send({ to: '+15551234567', body: 'x' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'transient', inDoubt: false });
  });

  it('reads Retry-After in seconds or as a date, and ignores what it cannot read', () => {
    const now = Date.parse('2026-12-06T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Sun, 06 Dec 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 06 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('999999', now)).toBe(600_000);
  });

  it('classifies unknown codes by HTTP status', () => {
    expect(classifyTwilioError(502, undefined)).toBe('transient');
    expect(classifyTwilioError(404, 20404)).toBe('permanent');
  });
});

describe("the fake Twilio refuses what Twilio's OpenAPI description refuses", async () => {
  const fake = await startFakeTwilio();
  const auth = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
  const messages = `${fake.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`;
  afterAll(async () => {
    // What these tests provoked on purpose; anything else left here fails close().
    fake.rejected.length = 0;
    await fake.close();
  });
  const post = (form: Record<string, string>, url = messages, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  const valid = { To: '+15551234567', From: '+15005550006', Body: 'hi' };

  it.each<[string, () => Promise<Response>, number, number, RegExp]>([
    ["a send without 'To'", () => post({ From: '+15005550006', Body: 'hi' }), 400, 21604, /'To' is required/],
    [
      'a send with a field Twilio does not have',
      () => post({ ...valid, statusCallback: 'https://x.example/cb' }),
      400,
      20001,
      /'statusCallback' is not a parameter/,
    ],
    [
      'a send with a value of the wrong type',
      () => post({ ...valid, ValidityPeriod: 'soon' }),
      400,
      20001,
      /'ValidityPeriod' must be integer/,
    ],
    ['a send with a bad enum', () => post({ ...valid, TrafficType: 'paid' }), 400, 20001, /'TrafficType'/],
    [
      'a send to a malformed account SID',
      () => post(valid, `${fake.url}/2010-04-01/Accounts/AC123/Messages.json`),
      400,
      20001,
      /'AccountSid'/,
    ],
    [
      'a send without Basic auth',
      () => post(valid, messages, { authorization: '' }),
      401,
      20003,
      /Authenticate/,
    ],
    [
      'a list with a parameter Twilio does not have',
      () => fetch(`${messages}?To=%2B15551234567&Limit=5`, { headers: { authorization: auth } }),
      400,
      20001,
      /'Limit' is not a parameter/,
    ],
    [
      'a list with a page size past the maximum',
      () => fetch(`${messages}?PageSize=5000`, { headers: { authorization: auth } }),
      400,
      20001,
      /'PageSize'/,
    ],
    [
      'a method the resource does not have',
      () => fetch(messages, { method: 'DELETE', headers: { authorization: auth } }),
      405,
      20004,
      /not allowed/,
    ],
    [
      'a path Twilio does not have',
      () =>
        fetch(`${fake.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Texts.json`, {
          headers: { authorization: auth },
        }),
      404,
      20404,
      /not found/,
    ],
  ])("%s: %i in Twilio's error shape, recorded", async (_name, call, status, code, message) => {
    const before = fake.rejected.length;
    const response = await call();
    expect(response.status).toBe(status);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code, status });
    expect(body.message).toMatch(message);
    expect(body.more_info).toBe(`https://www.twilio.com/docs/errors/${code}`);
    expect(fake.rejected.length).toBe(before + 1);
    expect(fake.messages).toHaveLength(0);
  });

  it('accepts what the SDK sends, and close() fails while a refused request is unaccounted for', async () => {
    const before = fake.rejected.length;
    expect((await post(valid)).status).toBe(201);
    expect(
      (await fetch(`${messages}?To=%2B15551234567&PageSize=50`, { headers: { authorization: auth } })).status,
    ).toBe(200);
    expect(fake.rejected.length).toBe(before);
    const other = await startFakeTwilio();
    await fetch(`${other.url}/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'Body=hi',
    });
    await expect(other.close()).rejects.toThrow(/refused 1 request/);
  });
});
