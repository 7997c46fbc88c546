// A test app whose SMS provider is Twilio-shaped and records every text, with a helper that posts
// a signed inbound text (as Twilio would) and returns the last reply to that number.
import twilio from 'twilio';
import type { TSmsMessage } from '../providers/sms/types.js';
import { createTestApp, type TTestAppOptions } from './app.js';

const AUTH_TOKEN = 'secret-token';
const INBOUND_URL = 'http://localhost:3000/webhooks/sms/inbound';

/** `sms`: another provider (the loopback Twilio fake) instead of the recorder; `sent` stays empty. */
export async function createInboundSmsApp(
  options: Pick<TTestAppOptions, 'now' | 'workers' | 'translation' | 'sms'> = {},
) {
  const sent: TSmsMessage[] = [];
  const config = {
    sms: {
      provider: 'twilio' as const,
      testMode: true,
      twilio: {
        accountSid: 'AC1',
        authToken: AUTH_TOKEN,
        fromNumber: '+15005550006',
        statusCallbackUrl: 'x',
      },
    },
  };
  const test = await createTestApp({
    now: options.now,
    workers: options.workers,
    translation: options.translation,
    config: config as never,
    sms: options.sms ?? {
      name: 'twilio',
      async send(message) {
        sent.push(message);
        return { providerMessageId: `SM${sent.length}` };
      },
    },
  });
  let sid = 0;

  /** The last text sent to `phone`, or null. */
  const lastTo = (phone: string) => sent.filter((m) => m.to === phone).at(-1)?.body ?? null;

  /** `from` texts `body` to `to` (the service's number); answers the last reply sent to `from`. */
  async function text(from: string, body: string, to = '+15005550006') {
    const params = {
      MessageSid: `SM${String(++sid).padStart(32, '0')}`,
      From: from,
      To: to,
      Body: body,
    };
    const response = await test.app.inject({
      method: 'POST',
      url: '/webhooks/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, INBOUND_URL, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
    if (response.statusCode !== 200) throw new Error(`inbound webhook answered ${response.statusCode}`);
    return lastTo(from);
  }

  return { ...test, sent, text, lastTo };
}
