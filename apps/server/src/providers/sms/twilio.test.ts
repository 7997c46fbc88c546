import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../test/fake-twilio.js';
import { classifyTwilioError, createTwilioSmsProvider } from './twilio.js';
import { SmsSendError } from './types.js';

const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef';
const AUTH_TOKEN = 'test-auth-token';

describe('twilio SMS provider', async () => {
  const fake = await startFakeTwilio();
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.reply({ kind: 'ok' });
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

  it('classifies unknown codes by HTTP status', () => {
    expect(classifyTwilioError(502, undefined)).toBe('transient');
    expect(classifyTwilioError(404, 20404)).toBe('permanent');
  });
});
