// Twilio's Messages API. A send is one form POST built here, on one keep-alive connection pool per
// provider (decision 0060: the SDK's request path cost more CPU per text than everything else the
// dispatcher does); lookups, rare, go through the official SDK on the same pool. Errors are sorted
// into transient (worth retrying) and permanent (this message will never go) by Twilio's error
// code and HTTP status. Whatever came back (Twilio's JSON error, JSON without a message, a
// gateway's HTML page, an empty body, a timeout, a cut connection) becomes an SmsSendError with a
// message (0051).
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import twilio from 'twilio';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import type { TSmsConfig } from '../../config.js';
import { requestIdHeaders } from '../../platform/request-context.js';
import { SmsSendError, type TSmsFailureKind, type TSmsProvider } from './types.js';

type TTwilioConfig = NonNullable<TSmsConfig['twilio']>;

const TWILIO_API_ORIGIN = 'https://api.twilio.com';
const REQUEST_TIMEOUT_MS = 15_000;
/**
 * Connections kept open to Twilio per provider: the dispatcher's calls in flight (32 per lane)
 * for a few lanes; further calls wait for a free one rather than open more.
 */
const MAX_SOCKETS = 128;
/** An idle connection is closed after this long (below the usual 5 s of a server's keep-alive). */
const IDLE_SOCKET_MS = 4_000;
const USER_AGENT = `message-station (twilio-node compatible; ${os.platform()} ${os.arch()}) node/${process.versions.node}`;
/** Twilio's clock and ours may differ a little; a lookup reaches this far before the call started. */
const LOOKUP_CLOCK_SLACK_MS = 60_000;
/** A Retry-After longer than this is taken as this (the dispatcher bounds its waits again). */
const MAX_RETRY_AFTER_MS = 10 * 60_000;

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
  if (status === undefined || status === 408 || status === 429 || status >= 500) return 'transient';
  return 'permanent';
}

/** What an unsuccessful answer's body was: Twilio's own error, or something in front of Twilio. */
export type TTwilioErrorBody = 'twilio' | 'json-without-message' | 'html' | 'empty' | 'text';

/**
 * An HTTP answer other than success, read before the SDK sees it (so its headers, Retry-After
 * among them, are kept, and a body without a message still gives one).
 */
export class TwilioHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number | undefined,
    readonly body: TTwilioErrorBody,
    readonly retryAfterMs: number | undefined,
  ) {
    super(message);
    this.name = 'TwilioHttpError';
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' && typeof text !== 'number') return undefined;
  const trimmed = String(text).trim();
  if (trimmed === '') return undefined;
  const ms = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) * 1000 : Date.parse(trimmed) - now;
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.round(ms)));
}

function headerOf(headers: unknown, name: string): unknown {
  if (!headers || typeof headers !== 'object') return undefined;
  const h = headers as { get?: (n: string) => unknown } & Record<string, unknown>;
  const direct = h[name] ?? h[name.toLowerCase()];
  if (direct !== undefined) return direct;
  return typeof h.get === 'function' ? h.get(name) : undefined;
}

/** Reads any unsuccessful answer into a TwilioHttpError; never throws itself. */
export function twilioHttpError(status: number, rawBody: unknown, headers: unknown): TwilioHttpError {
  const retryAfterMs = parseRetryAfter(headerOf(headers, 'retry-after'));
  let body: unknown = rawBody;
  if (typeof rawBody === 'string' || Buffer.isBuffer(rawBody)) {
    const text = String(rawBody).trim();
    if (text === '')
      return new TwilioHttpError(
        status,
        `HTTP ${status} with an empty body`,
        undefined,
        'empty',
        retryAfterMs,
      );
    try {
      body = JSON.parse(text);
    } catch {
      const html =
        text.startsWith('<') || /^text\/html/i.test(String(headerOf(headers, 'content-type') ?? ''));
      return html
        ? new TwilioHttpError(
            status,
            `HTTP ${status} with an HTML page (not Twilio's API: a gateway or proxy)`,
            undefined,
            'html',
            retryAfterMs,
          )
        : new TwilioHttpError(
            status,
            `HTTP ${status} with a body that is not JSON`,
            undefined,
            'text',
            retryAfterMs,
          );
    }
  }
  if (body === undefined || body === null || body === '') {
    return new TwilioHttpError(status, `HTTP ${status} with an empty body`, undefined, 'empty', retryAfterMs);
  }
  const fields = typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const code = typeof fields.code === 'number' && Number.isInteger(fields.code) ? fields.code : undefined;
  if (typeof fields.message === 'string' && fields.message.trim() !== '') {
    return new TwilioHttpError(status, fields.message, code, 'twilio', retryAfterMs);
  }
  return new TwilioHttpError(
    status,
    `HTTP ${status} with a JSON body without a message${code !== undefined ? ` (code ${code})` : ''}`,
    code,
    'json-without-message',
    retryAfterMs,
  );
}

/** Errors raised before any answer: did the request perhaps reach Twilio? */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function fieldOf(value: unknown, key: string): unknown {
  try {
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Any error of a call, as an SmsSendError. An HTTP answer is classified by Twilio's code and the
 * status; a body that is not Twilio's (a gateway's HTML, an empty body, JSON without a message and
 * without a code) is no verdict on the recipient, so it is transient (bounded by the dispatcher's
 * attempts). No answer at all is transient; after a timeout or a cut connection the request may
 * have reached Twilio, so the text is in doubt (looked up before it is sent again).
 */
export function toSmsSendError(error: unknown): SmsSendError {
  if (error instanceof SmsSendError) return error;
  if (error instanceof TwilioHttpError) {
    const theirs = error.body === 'twilio' || error.code !== undefined;
    const kind = theirs ? classifyTwilioError(error.status, error.code) : 'transient';
    return new SmsSendError(kind, `Twilio ${error.code ?? error.status}: ${error.message}`, error.code, {
      retryAfterMs: error.retryAfterMs,
    });
  }
  const status = fieldOf(error, 'status');
  if (typeof status === 'number') {
    // The SDK's own RestException (should a response ever reach it): its message may be missing.
    const rawCode = fieldOf(error, 'code');
    const code = typeof rawCode === 'number' ? rawCode : undefined;
    const message = fieldOf(error, 'message');
    return new SmsSendError(
      classifyTwilioError(status, code),
      `Twilio ${code ?? status}: ${typeof message === 'string' && message ? message : 'request failed'}`,
      code,
    );
  }
  // No HTTP answer at all: refused connection, DNS failure, timeout, reset.
  const rawCode = fieldOf(error, 'code');
  const netCode = typeof rawCode === 'string' ? rawCode : undefined;
  const rawMessage = fieldOf(error, 'message');
  const message = typeof rawMessage === 'string' && rawMessage ? rawMessage : (netCode ?? 'no answer');
  const inDoubt = !(netCode && NOT_SENT_CODES.has(netCode));
  return new SmsSendError('transient', `Twilio unreachable: ${message}`, undefined, { inDoubt });
}

/**
 * Adds the X-Request-Id of the work being done to each call (Twilio ignores it; a proxy's logs show
 * it); with an origin (the SDK has no base-URL option), sends the calls there instead. Answers
 * other than success become TwilioHttpError here, where the headers still are.
 */
class TracingRequestClient extends RequestClient {
  constructor(
    private readonly origin: string | undefined,
    timeout: number,
    agent: http.Agent,
  ) {
    super({ timeout });
    // The SDK's axios takes the agent of the URL's scheme: ours, so lookups share the send pool.
    const axios = (this as unknown as { axios: { defaults: { httpAgent?: unknown; httpsAgent?: unknown } } })
      .axios;
    if (agent instanceof https.Agent) axios.defaults.httpsAgent = agent;
    else axios.defaults.httpAgent = agent;
  }

  override async request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const url = new URL(opts.uri);
    const response = await super.request({
      ...opts,
      headers: { ...opts.headers, ...requestIdHeaders() },
      uri: this.origin ? `${this.origin}${url.pathname}${url.search}` : opts.uri,
    });
    if (response.statusCode < 200 || response.statusCode >= 400) {
      throw twilioHttpError(response.statusCode, response.body, response.headers);
    }
    return response;
  }
}

/** Twilio's answer to a request: status, headers and the body as text. */
type TRawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One HTTP request on the pool, answered within `timeoutMs` (the answer's body included), or
 * failed as Node's client fails: a timeout (`ECONNABORTED`, as the SDK's client named it), a cut
 * connection (`ECONNRESET`), a refused one (`ECONNREFUSED`).
 */
function requestRaw(
  agent: http.Agent,
  url: URL,
  options: { method: string; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<TRawAnswer> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, answer?: TRawAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer as TRawAnswer);
    };
    const req = transport.request(url, { method: options.method, agent, headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (error) => finish(error));
      res.on('aborted', () => finish(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
    });
    const timer = setTimeout(() => {
      finish(
        Object.assign(new Error(`timeout of ${options.timeoutMs}ms exceeded`), { code: 'ECONNABORTED' }),
      );
      req.destroy();
    }, options.timeoutMs);
    req.on('error', (error) => finish(error));
    req.end(options.body);
  });
}

export function createTwilioSmsProvider(
  config: TTwilioConfig,
  /** `timeoutMs`: how long one call may take (tests shorten it). */
  options: { timeoutMs?: number } = {},
): TSmsProvider & {
  /** Closes the idle connections of the pool (tests, shutdown); calls in flight finish. */
  close(): void;
} {
  const configured = config.apiBaseUrl?.replace(/\/$/, '');
  const origin = configured && configured !== TWILIO_API_ORIGIN ? configured : undefined;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  // One pool per provider, kept for its life: one TCP (and TLS) handshake per connection, not per text.
  const agentOptions = {
    keepAlive: true,
    maxSockets: MAX_SOCKETS,
    maxFreeSockets: MAX_SOCKETS,
    timeout: IDLE_SOCKET_MS,
    scheduling: 'lifo' as const,
  };
  const base = new URL(origin ?? TWILIO_API_ORIGIN);
  const agent = base.protocol === 'https:' ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const client = twilio(config.accountSid, config.authToken, {
    httpClient: new TracingRequestClient(origin, timeoutMs, agent),
  });
  const messagesUrl = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`,
    origin ?? TWILIO_API_ORIGIN,
  );
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  /** Creates a message as the SDK's `messages.create` does: the same form, auth and answer. */
  const createMessage = async (form: Record<string, string | undefined>): Promise<string> => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) if (value !== undefined) body.append(key, value);
    const text = body.toString();
    let answer: TRawAnswer;
    try {
      answer = await requestRaw(agent, messagesUrl, {
        method: 'POST',
        timeoutMs,
        body: text,
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': String(Buffer.byteLength(text)),
          Accept: 'application/json',
          'Accept-Charset': 'utf-8',
          'User-Agent': USER_AGENT,
          ...requestIdHeaders(),
        },
      });
    } catch (error) {
      throw toSmsSendError(error);
    }
    if (answer.status < 200 || answer.status >= 400) {
      // The body as the SDK's client handed it on: parsed when it is JSON, else the text.
      let body: unknown = answer.body;
      try {
        body = JSON.parse(answer.body);
      } catch {
        // Not JSON: read as text (an HTML page, an empty body).
      }
      throw toSmsSendError(twilioHttpError(answer.status, body, answer.headers));
    }
    let sid: unknown;
    try {
      sid = (JSON.parse(answer.body) as { sid?: unknown }).sid;
    } catch {
      sid = undefined;
    }
    if (typeof sid !== 'string' || sid === '') {
      // Accepted, but we cannot tell which message it is: looked up before any second try.
      throw new SmsSendError(
        'transient',
        `Twilio ${answer.status}: an answer without a message SID`,
        undefined,
        {
          inDoubt: true,
        },
      );
    }
    return sid;
  };

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
      const sender = senderParams(message.from);
      const sid = await createMessage({
        To: message.to,
        Body: message.body,
        StatusCallback: config.statusCallbackUrl,
        From: 'from' in sender ? sender.from : undefined,
        MessagingServiceSid: 'messagingServiceSid' in sender ? sender.messagingServiceSid : undefined,
      });
      return { providerMessageId: sid };
    },
    async lookup(messages, from) {
      // Twilio's list filters by recipient (and sender); its DateSent filter has only day precision
      // and skips texts still queued, so the newest page is read and matched on body and creation.
      // One try per text: the dispatcher decides whether and when to ask again (0051).
      const found: (string | null)[] = [];
      const params = senderParams(from);
      const sender = 'from' in params ? { from: params.from } : {};
      for (const message of messages) {
        let page: Awaited<ReturnType<typeof client.messages.list>>;
        try {
          page = await client.messages.list({
            to: message.to,
            // A number filters the list; a Messaging Service sends from its pool, so only `to` does.
            ...sender,
            limit: 50,
          });
        } catch (error) {
          const failure = toSmsSendError(error);
          // A list that timed out or was cut changed nothing at Twilio: only whether to ask again matters.
          throw failure.inDoubt
            ? new SmsSendError(failure.kind, failure.message, failure.code, {
                retryAfterMs: failure.retryAfterMs,
              })
            : failure;
        }
        const since = message.since.getTime() - LOOKUP_CLOCK_SLACK_MS;
        const match = page.find(
          (m) => m.body === message.body && (!m.dateCreated || m.dateCreated.getTime() >= since),
        );
        found.push(match?.sid ?? null);
      }
      return found;
    },
    close() {
      agent.destroy();
    },
  };
}
