// A loopback stand-in for Twilio's REST API: Messages.json takes form posts with Basic auth and
// answers as Twilio does (201 with a message resource, or an error body with code and status).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeTwilioRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
};

export type TFakeTwilioReply =
  | { kind: 'ok' }
  | { kind: 'error'; status: number; code: number; message: string }
  | { kind: 'hang' };

export async function startFakeTwilio() {
  const requests: TFakeTwilioRequest[] = [];
  let next: TFakeTwilioReply = { kind: 'ok' };
  let counter = 0;

  const server = http.createServer((req, res) => {
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
        form,
      });
      const reply = next;
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
      res.statusCode = 201;
      res.end(
        JSON.stringify({
          sid,
          account_sid: req.url?.split('/')[3],
          to: form.To,
          from: form.From ?? null,
          messaging_service_sid: form.MessagingServiceSid ?? null,
          body: form.Body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          date_created: new Date().toUTCString(),
          uri: `${req.url?.replace('.json', '')}/${sid}.json`,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(value: TFakeTwilioReply) {
      next = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
