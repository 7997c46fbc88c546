// A body the server cannot read is the client's mistake: a 4xx with {error} in our words, never a
// 500 and never Fastify's {statusCode, code, error, message}; nothing is written.
import { connect } from 'node:net';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../db/schema/index.js';
import { createTestApp, TestClient } from '../test/app.js';
import { PARSE_ERRORS } from './errors.js';

describe('bodies the server cannot read', async () => {
  const { app, db } = await createTestApp();
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');
  const messageCount = async () => (await db.select({ n: count() }).from(messages))[0]?.n;
  const before = await messageCount();

  const send = (body: string, contentType: string, url = '/admin/api/messages') =>
    admin.request({ method: 'POST', url, body, headers: { 'content-type': contentType } });

  it.each([
    ['broken JSON', () => send('{"title": "Flood", ', 'application/json'), 400, PARSE_ERRORS.invalidJson],
    ['an empty JSON body', () => send('', 'application/json'), 400, PARSE_ERRORS.emptyJson],
    [
      'a prototype-poisoning key',
      () => send('{"__proto__": {"x": 1}}', 'application/json'),
      400,
      PARSE_ERRORS.invalidJson,
    ],
    ['text/plain', () => send('title=Flood', 'text/plain'), 415, PARSE_ERRORS.unsupportedMediaType],
    [
      'a body over 1 MB',
      () => send(`{"title": "${'a'.repeat(1_100_000)}"}`, 'application/json'),
      413,
      PARSE_ERRORS.tooLarge,
    ],
    [
      'multipart to a JSON route',
      () =>
        send(
          '--b\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--b--\r\n',
          'multipart/form-data; boundary=b',
        ),
      415,
      PARSE_ERRORS.unsupportedMediaType,
    ],
    [
      'JSON to an upload route',
      () => send('{}', 'application/json', '/admin/api/station/logo'),
      415,
      PARSE_ERRORS.notMultipart,
    ],
    [
      'multipart without a boundary',
      () => send('--b\r\n', 'multipart/form-data', '/admin/api/station/logo'),
      400,
      'The upload was cut off or malformed. Please try again.',
    ],
  ])('%s: a 4xx with {error} in our words, nothing written', async (_what, call, status, error) => {
    const response = await call();
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ error });
    expect(await messageCount()).toBe(before);
  });

  it('a request the HTTP parser refuses gets a JSON {error} too', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply.toLowerCase()).toContain('content-type: application/json');
    expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({ error: PARSE_ERRORS.badRequest, code: 'bad_request', params: {} }),
    );
  });
});
