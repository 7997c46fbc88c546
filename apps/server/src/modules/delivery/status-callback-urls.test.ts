// Twilio's webhooks under each way the station can be reached: Twilio signs the exact URL it posted
// to (TWILIO_STATUS_CALLBACK_URL for status callbacks, the number's webhook for incoming texts),
// signed here by the official twilio library as Twilio signs them. A genuine callback moves the
// delivery (no refund: the carrier has charged, decision 0012); a forged one is refused 403.
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { creditLedger, smsDeliveries } from '../../db/schema/index.js';
import type { TSmsProvider } from '../../providers/sms/types.js';
import { createTestApp, TestClient } from '../../test/app.js';
import { TEST_CONFIG_ENV } from '../../test/db.js';
import { createContact, createStationWithAdmin, setBilling } from '../../test/factories.js';
import { createMessage } from '../../test/messages-factory.js';
import { DEFAULT_DISPATCH, dispatchLane } from './dispatcher.js';

const AUTH_TOKEN = 'callback-url-secret';
const DAYTIME = new Date('2026-11-23T18:00:00Z');

type TSetting = {
  name: string;
  publicUrl: string;
  /** TWILIO_STATUS_CALLBACK_URL, or none (PUBLIC_URL + /webhooks/sms/status). */
  callbackUrl?: string;
  /** The path and query the proxy hands this server for a status callback. */
  arrivesAt: string;
};

const SETTINGS: TSetting[] = [
  {
    name: 'the default callback URL',
    publicUrl: 'https://alerts.example.org',
    arrivesAt: '/webhooks/sms/status',
  },
  {
    name: 'a callback URL on another host and path',
    publicUrl: 'https://alerts.example.org',
    callbackUrl: 'https://hooks.example.net/twilio/kfan-status',
    arrivesAt: '/webhooks/sms/status',
  },
  {
    name: 'a callback URL with a query string',
    publicUrl: 'https://alerts.example.org',
    callbackUrl: 'https://hooks.example.net/twilio/status?station=kfan&v=2',
    arrivesAt: '/webhooks/sms/status?station=kfan&v=2',
  },
  {
    name: 'a proxy prefix (PUBLIC_URL with a path the proxy strips)',
    publicUrl: 'https://radio.example.org/alerts',
    arrivesAt: '/webhooks/sms/status',
  },
];

async function setup(setting: TSetting) {
  // The configuration as the server reads it from its environment (config.ts works out the default).
  const loaded = loadConfig({
    ...TEST_CONFIG_ENV,
    PUBLIC_URL: setting.publicUrl,
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TWILIO_FROM_NUMBER: '+15005550006',
    ...(setting.callbackUrl ? { TWILIO_STATUS_CALLBACK_URL: setting.callbackUrl } : {}),
  });
  const sent: string[] = [];
  const sms: TSmsProvider = {
    name: 'twilio',
    async send({ to }) {
      sent.push(to);
      return { providerMessageId: `SM${String(sent.length).padStart(32, '0')}` };
    },
  };
  const { app, db, config } = await createTestApp({
    now: () => DAYTIME,
    sms,
    dispatchInBackground: false,
    config: { publicUrl: loaded.publicUrl, sms: { ...loaded.sms, ratePerSecond: 0 } },
  });
  const { station, adminEmail } = await createStationWithAdmin(db, { slug: 'kfan', languages: ['en'] });
  await setBilling(db, station.id, { smsCreditsBalance: 50 });
  for (const phone of ['+12125550101', '+12125550102', '+12125550103']) {
    await createContact(db, station.id, { phone, choices: [{ messageType: 'emergency', language: 'en' }] });
  }
  const admin = new TestClient(app);
  await admin.login(adminEmail);
  const message = await createMessage(db, station.id, { title: 'Boil water', original: 'Boil water.' });
  expect((await admin.post(`/admin/api/messages/${message.id}/send-sms`)).statusCode).toBe(200);
  const dispatched = await dispatchLane({
    db,
    sms,
    now: () => DAYTIME,
    config: { ...DEFAULT_DISPATCH, ratePerSecond: 0 },
  });
  expect(dispatched.sent).toBe(3);
  const deliveries = await db.select().from(smsDeliveries);
  const sids = deliveries.map((d) => d.providerMessageId as string).sort();

  /** A form post as Twilio makes it: signed over `signedUrl` with `token`, arriving at `path`. */
  const post = (path: string, params: Record<string, string>, signedUrl: string, token = AUTH_TOKEN) =>
    app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(token, signedUrl, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  const statusOf = async (sid: string) =>
    (await db.select().from(smsDeliveries).where(eq(smsDeliveries.providerMessageId, sid)))[0]?.status;
  const ledger = async () =>
    (await db.select().from(creditLedger).where(eq(creditLedger.stationId, station.id))).map((e) => e.kind);
  return { app, db, config, sids, post, statusOf, ledger };
}

describe.each(SETTINGS)('Twilio webhooks with $name', async (setting) => {
  const t = await setup(setting);
  const callbackUrl = setting.callbackUrl ?? `${setting.publicUrl}/webhooks/sms/status`;
  const status = (sid: string, value: string, extra: Record<string, string> = {}) => ({
    MessageSid: sid,
    MessageStatus: value,
    AccountSid: 'AC00000000000000000000000000000001',
    ...extra,
  });

  it('sends texts with the callback URL Twilio will sign', () => {
    expect(t.config.sms.twilio?.statusCallbackUrl).toBe(callbackUrl);
  });

  it('refuses forged status callbacks with 403 and moves nothing', async () => {
    const sid = t.sids[0] as string;
    const forged = [
      // Another token: not Twilio.
      await t.post(setting.arrivesAt, status(sid, 'failed'), callbackUrl, 'not-the-auth-token'),
      // Signed for one body, another posted.
      await t.app.inject({
        method: 'POST',
        url: setting.arrivesAt,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilio.getExpectedTwilioSignature(
            AUTH_TOKEN,
            callbackUrl,
            status(sid, 'delivered'),
          ),
        },
        payload: new URLSearchParams(status(sid, 'failed')).toString(),
      }),
      // Signed for a URL of someone else's.
      await t.post(setting.arrivesAt, status(sid, 'failed'), 'https://evil.example.com/webhooks/sms/status'),
      // No signature at all.
      await t.app.inject({
        method: 'POST',
        url: setting.arrivesAt,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(status(sid, 'failed')).toString(),
      }),
    ];
    expect(forged.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    expect(await t.statusOf(sid)).toBe('sent');
  });

  it('accepts genuine status callbacks signed for the callback URL, and the statuses move', async () => {
    const [first, second, third] = t.sids as [string, string, string];
    const before = await t.ledger();
    expect((await t.post(setting.arrivesAt, status(first, 'delivered'), callbackUrl)).statusCode).toBe(204);
    const undelivered = status(second, 'undelivered', { ErrorCode: '30003' });
    expect((await t.post(setting.arrivesAt, undelivered, callbackUrl)).statusCode).toBe(204);
    expect((await t.post(setting.arrivesAt, status(third, 'failed'), callbackUrl)).statusCode).toBe(204);
    expect(await t.statusOf(first)).toBe('delivered');
    expect(await t.statusOf(second)).toBe('undelivered');
    expect(await t.statusOf(third)).toBe('failed');
    // What the product does with a carrier's failure: recorded, never refunded (decision 0012).
    expect(await t.ledger()).toEqual(before);
  });

  it("accepts a genuine incoming text signed for the number's webhook, and refuses a forged one", async () => {
    const inboundUrl = `${setting.publicUrl}/webhooks/sms/inbound`;
    const text = {
      MessageSid: 'SM99999999999999999999999999999999',
      AccountSid: 'AC00000000000000000000000000000001',
      From: '+12125550109',
      To: '+15005550006',
      Body: 'HELP',
    };
    const genuine = await t.post('/webhooks/sms/inbound', text, inboundUrl);
    expect(genuine.statusCode).toBe(200);
    expect(genuine.headers['content-type']).toContain('text/xml');
    expect((await t.post('/webhooks/sms/inbound', text, inboundUrl, 'not-the-auth-token')).statusCode).toBe(
      403,
    );
    if (setting.callbackUrl) {
      // The status callback's URL signs status callbacks only.
      expect((await t.post('/webhooks/sms/inbound', text, setting.callbackUrl)).statusCode).toBe(403);
    }
  });
});
