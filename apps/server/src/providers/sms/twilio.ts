// Twilio's Messages API through the official SDK. Errors are sorted into transient (worth
// retrying) and permanent (this message will never go) by Twilio's error code and HTTP status.
import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import type { TSmsConfig } from '../../config.js';
import { requestIdHeaders } from '../../platform/request-context.js';
import { SmsSendError, type TSmsFailureKind, type TSmsProvider } from './types.js';

type TTwilioConfig = NonNullable<TSmsConfig['twilio']>;

const TWILIO_API_ORIGIN = 'https://api.twilio.com';
const REQUEST_TIMEOUT_MS = 15_000;
/** Twilio's clock and ours may differ a little; a lookup reaches this far before the call started. */
const LOOKUP_CLOCK_SLACK_MS = 60_000;

/** Numbers Twilio will never deliver to as addressed: retrying cannot help. */
const PERMANENT_CODES = new Set([
  21211, // invalid 'To' number
  21214, // 'To' number cannot be reached
  21408, // no permission for the region
  21610, // recipient replied STOP
  21612, // no route between From and To
  21614, // 'To' is not a mobile number
  21617, // body too long
  21635, // landline or unreachable carrier
]);

/** Busy, throttled or down on Twilio's side; also our credentials, which an operator can fix. */
const TRANSIENT_CODES = new Set([
  20003, // authentication failed: a configuration problem, not the recipient's
  20429, // too many requests
  20500, // internal server error
  20503, // service unavailable
  30001, // queue overflow
]);

export function classifyTwilioError(status: number | undefined, code: number | undefined): TSmsFailureKind {
  if (code !== undefined && PERMANENT_CODES.has(code)) return 'permanent';
  if (code !== undefined && TRANSIENT_CODES.has(code)) return 'transient';
  if (status === undefined || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

/**
 * Adds the X-Request-Id of the work being done to each call (Twilio ignores it; a proxy's logs show
 * it); with an origin (the SDK has no base-URL option), sends the calls there instead.
 */
class TracingRequestClient extends RequestClient {
  constructor(private readonly origin?: string) {
    super({ timeout: REQUEST_TIMEOUT_MS });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    return super.request({
      ...opts,
      headers: { ...opts.headers, ...requestIdHeaders() },
      uri: this.origin ? `${this.origin}${url.pathname}${url.search}` : opts.uri,
    });
  }
}

type TRestError = { status?: number; code?: number; message?: string; moreInfo?: string };

export function createTwilioSmsProvider(config: TTwilioConfig): TSmsProvider {
  const origin = config.apiBaseUrl?.replace(/\/$/, '');
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: new TracingRequestClient(origin && origin !== TWILIO_API_ORIGIN ? origin : undefined),
  });

  /** The station's own sender when it has one, else the service's (a number or a Messaging Service). */
  const senderParams = (from?: string | null): { from: string } | { messagingServiceSid: string } => {
    if (from) return from.startsWith('MG') ? { messagingServiceSid: from } : { from };
    return config.messagingServiceSid
      ? { messagingServiceSid: config.messagingServiceSid }
      : { from: config.fromNumber as string };
  };
  return {
    name: 'twilio',
    async send(message) {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.body,
          statusCallback: config.statusCallbackUrl,
          ...senderParams(message.from),
        });
        return { providerMessageId: sent.sid };
      } catch (error) {
        const rest = error as TRestError;
        if (typeof rest.status === 'number') {
          const kind = classifyTwilioError(rest.status, rest.code);
          throw new SmsSendError(
            kind,
            `Twilio ${rest.code ?? rest.status}: ${rest.message ?? 'request failed'}`,
            rest.code,
          );
        }
        // No HTTP answer at all: refused connection, DNS failure, timeout.
        throw new SmsSendError('transient', `Twilio unreachable: ${(error as Error).message}`);
      }
    },
    async lookup(messages, from) {
      // Twilio's list filters by recipient (and sender); its DateSent filter has only day precision
      // and skips texts still queued, so the newest page is read and matched on body and creation.
      const found: (string | null)[] = [];
      const params = senderParams(from);
      const sender = 'from' in params ? { from: params.from } : {};
      for (const message of messages) {
        const page = await client.messages.list({
          to: message.to,
          // A number filters the list; a Messaging Service sends from its pool, so only `to` does.
          ...sender,
          limit: 50,
        });
        const since = message.since.getTime() - LOOKUP_CLOCK_SLACK_MS;
        const match = page.find(
          (m) => m.body === message.body && (!m.dateCreated || m.dateCreated.getTime() >= since),
        );
        found.push(match?.sid ?? null);
      }
      return found;
    },
  };
}
