// A loopback receiver for webhook tests: records every POST (headers and raw body) and answers the
// statuses it is told, in order (the last one again once the list is used up).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TReceived = { headers: http.IncomingHttpHeaders; body: string };

export async function startReceiver(statuses: number[] = [200]) {
  const received: TReceived[] = [];
  const answers = [...statuses];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.length > 1 ? (answers.shift() as number) : (answers[0] ?? 200);
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status >= 300 ? `failure ${status} ${'x'.repeat(2000)}` : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The statuses of the next answers. */
    answer(next: number[]) {
      answers.splice(0, answers.length, ...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
