// A loopback stand-in for Twilio's REST API: Messages.json takes form posts with Basic auth and
// answers as Twilio does (201 with a message resource, or an error body with code and status).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeTwilioRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The X-Request-Id the call carried (the request whose work it is). */
  requestId: string | undefined;
  form: Record<string, string>;
};

export type TFakeTwilioReply =
  /** Accepted at once (counted as sent); the answer leaves after `delayMs` when given. */
  | { kind: 'ok'; delayMs?: number }
  | { kind: 'error'; status: number; code: number; message: string }
  | { kind: 'hang' };

type TFakeMessage = {
  sid: string;
  to: string;
  from: string | null;
  body: string;
  created: Date;
  resource: object;
};

export async function startFakeTwilio() {
  const requests: TFakeTwilioRequest[] = [];
  /** Every message the fake accepted, oldest first: what Twilio would have sent. */
  const messages: TFakeMessage[] = [];
  let next: TFakeTwilioReply = { kind: 'ok' };
  let counter = 0;
  let listRequests = 0;
  let listFails = false;
  let replyFor: ((form: Record<string, string>) => TFakeTwilioReply | null) | null = null;

  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && /\/Messages\.json(\?|$)/.test(req.url ?? '')) {
      // The Messages list: filtered by To and From, newest first, one page.
      listRequests += 1;
      res.setHeader('content-type', 'application/json');
      if (listFails) {
        res.statusCode = 503;
        res.end(JSON.stringify({ code: 20503, message: 'Service unavailable', status: 503 }));
        return;
      }
      const query = new URL(req.url ?? '', 'http://fake').searchParams;
      const to = query.get('To');
      const from = query.get('From');
      const pageSize = Number(query.get('PageSize') ?? 50);
      const found = messages
        .filter((m) => (!to || m.to === to) && (!from || m.from === from))
        .reverse()
        .slice(0, pageSize);
      res.end(
        JSON.stringify({
          messages: found.map((m) => m.resource),
          page: 0,
          page_size: pageSize,
          first_page_uri: req.url,
          next_page_uri: null,
          previous_page_uri: null,
          uri: req.url,
          start: 0,
          end: found.length,
        }),
      );
      return;
    }
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        requestId: req.headers['x-request-id'] as string | undefined,
        form,
      });
      const reply = (replyFor?.(form) ?? null) || next;
      if (reply.kind === 'hang') return; // never answers: the client must time out
      res.setHeader('content-type', 'application/json');
      if (reply.kind === 'error') {
        res.statusCode = reply.status;
        res.end(
          JSON.stringify({
            code: reply.code,
            message: reply.message,
            more_info: `https://www.twilio.com/docs/errors/${reply.code}`,
            status: reply.status,
          }),
        );
        return;
      }
      counter += 1;
      const sid = `SM${counter.toString(16).padStart(32, '0')}`;
      const created = new Date();
      const resource = {
        sid,
        account_sid: req.url?.split('/')[3],
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        date_created: created.toUTCString(),
        uri: `${req.url?.replace('.json', '')}/${sid}.json`,
      };
      messages.push({
        sid,
        to: form.To ?? '',
        from: form.From ?? null,
        body: form.Body ?? '',
        created,
        resource,
      });
      res.statusCode = 201;
      if (reply.delayMs) setTimeout(() => res.end(JSON.stringify(resource)), reply.delayMs);
      else res.end(JSON.stringify(resource));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messages,
    /** How many times the Messages list was read (lookups after a crash). */
    listRequests: () => listRequests,
    /** Makes the Messages list answer 503, as when Twilio cannot be asked. */
    failLists(value: boolean) {
      listFails = value;
    },
    reply(value: TFakeTwilioReply) {
      next = value;
    },
    /** A reply chosen per request (e.g. a permanent error for some numbers); null: the default. */
    replyPer(rule: ((form: Record<string, string>) => TFakeTwilioReply | null) | null) {
      replyFor = rule;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
