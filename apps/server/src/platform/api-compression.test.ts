// The API's JSON answers compressed (decision 0086): a GET answer of 1 KiB or more goes out as
// brotli, or gzip when only gzip is accepted, or as it is without Accept-Encoding, with Vary either
// way; small answers, event streams and answers that hand out a secret are never compressed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../test/app.js';
import { createStationWithAdmin } from '../test/factories.js';
import { COMPRESS_MIN_BYTES, chooseEncoding } from './api-compression.js';

const { app, db } = await createTestApp();
const { adminEmail } = await createStationWithAdmin(db, { slug: 'squeeze', languages: ['en', 'es'] });
const admin = new TestClient(app);
await admin.login(adminEmail);
afterAll(() => app.close());

const cookie = () => [...admin.jar].map(([k, v]) => `${k}=${v}`).join('; ');
const get = (url: string, acceptEncoding?: string) =>
  admin.request({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('chooseEncoding', () => {
  it('prefers brotli, falls back to gzip, and honours q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('JSON answers of the API', () => {
  // The message types: over 2 KiB on a new station.
  const LARGE = '/admin/api/message-types';

  it('a large GET answer comes back brotli-compressed and decodes to the same JSON', async () => {
    const plain = await get(LARGE);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await get(LARGE, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('application/json');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('gzip when only gzip is accepted', async () => {
    const gz = await get(LARGE, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual((await get(LARGE)).json());
  });

  it('as it is without Accept-Encoding, or when nothing it offers is known', async () => {
    for (const accepted of [undefined, 'identity', 'br;q=0']) {
      const answer = await get(LARGE, accepted);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(answer.json()).toBeInstanceOf(Array);
    }
  });

  it('a small answer is not compressed', async () => {
    const small = await get('/auth/session', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ email: adminEmail });
  });

  it('HEAD is answered without a compressed body', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: LARGE,
      headers: { cookie: cookie(), 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
  });

  it('an answer that hands out a secret is not compressed, however large', async () => {
    // A long URL and description of the caller's own beside the endpoint's signing secret: the
    // answer is over 1 KiB and has both, what BREACH needs.
    const created = await admin.request({
      method: 'POST',
      url: '/admin/api/webhooks',
      body: {
        url: `https://hooks.example.org/${'a'.repeat(1200)}`,
        description: 'd'.repeat(200),
        events: ['send.completed'],
      },
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(created.headers['content-encoding']).toBeUndefined();
    const { id, secret } = created.json() as { id: string; secret: string };
    expect(secret).toBeTruthy();
    const revealed = await admin.request({
      method: 'POST',
      url: `/admin/api/webhooks/${id}/secret/reveal`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.headers['content-encoding']).toBeUndefined();
    expect(revealed.json()).toEqual({ secret });
  });

  it('an event stream is neither compressed nor held back', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const { headers, first } = await new Promise<{ headers: http.IncomingHttpHeaders; first: string }>(
      (resolve, reject) => {
        const request = http.get(
          {
            host: '127.0.0.1',
            port,
            path: '/admin/api/dashboard/stream',
            headers: { cookie: cookie(), 'accept-encoding': 'br, gzip' },
          },
          (response) => {
            // The first event arrives as it is written: the stream is not compressed or buffered.
            response.once('data', (chunk: Buffer) => {
              resolve({ headers: response.headers, first: chunk.toString('utf8') });
              request.destroy();
            });
          },
        );
        request.on('error', reject);
      },
    );
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers['content-encoding']).toBeUndefined();
    expect(first).toMatch(/^(event|:|retry)/m);
  });
});
