// Checks X-Twilio-Signature on Twilio's webhooks before the body is looked at: unsigned posts learn nothing.
//
// Twilio signs the exact URL it posted to, query string included. For the status callback that is
// the URL each message was sent with: TWILIO_STATUS_CALLBACK_URL (config.ts), which may name
// another host or path (a proxy forwarding to /webhooks/sms/status) and carry a query string of its
// own. The incoming-message webhook is the one set on the number in Twilio's console: this server's
// PUBLIC_URL (any proxy prefix included) and the path asked for. A signature is the HMAC of the auth
// token over URL and body, so checking it against each URL Twilio may have signed accepts nothing
// unsigned; the status callback is also checked against PUBLIC_URL's own address, for texts sent
// before the callback URL was changed (decision 0057).
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { TConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';

/** Which of Twilio's webhooks a route is: its status callback, or the number's incoming-message one. */
export type TTwilioWebhook = 'status' | 'inbound';

/** The URLs Twilio may have signed for `request`, the configured one first. */
export function signedUrls(config: TConfig, webhook: TTwilioWebhook, request: FastifyRequest): string[] {
  const own = `${config.publicUrl}${request.url}`;
  const configured = webhook === 'status' ? config.sms.twilio?.statusCallbackUrl : undefined;
  return [...new Set([configured, own].filter((url): url is string => !!url))];
}

function signedBy(authToken: string, signature: string, url: string, params: Record<string, string>) {
  try {
    return twilio.validateRequest(authToken, signature, url, params);
  } catch {
    // A URL Twilio's helper cannot read (a test's placeholder) signs nothing.
    return false;
  }
}

export function twilioSignatureCheck(config: TConfig, webhook: TTwilioWebhook) {
  return async (request: FastifyRequest) => {
    const authToken = config.sms.twilio?.authToken;
    const signature = request.headers['x-twilio-signature'];
    const params = (request.body ?? {}) as Record<string, string>;
    if (
      !authToken ||
      typeof signature !== 'string' ||
      !signedUrls(config, webhook, request).some((url) => signedBy(authToken, signature, url, params))
    ) {
      throw new AppError('twilio_signature_invalid');
    }
  };
}
