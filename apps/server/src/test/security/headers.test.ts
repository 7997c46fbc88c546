// The headers that stop sniffing, framing and referrer leaks, on the three kinds of answer a
// browser gets: a page of the single-page app, an API reply, and a file someone uploaded.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient } from '../app.js';

const EVERY_ANSWER = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

function webDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-web-dist-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Message Station</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

function logoUpload(): { body: Buffer; headers: Record<string, string> } {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(200);
  const boundary = 'headers-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG.sync.write(image),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('security headers on a page, an API reply and an upload', async () => {
  const webDistDir = webDist();
  afterAll(() => fs.rmSync(webDistDir, { recursive: true, force: true }));
  const { app } = await createTestApp({ config: { webDistDir, cookieSecure: true } });
  const admin = new TestClient(app);
  await admin.login('admin@demo.test');

  const expectHardened = (headers: Record<string, unknown>) => {
    expect(headers).toMatchObject(EVERY_ANSWER);
    expect(String(headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  };

  it('a page of the app', async () => {
    const page = await app.inject({ url: '/admin/messages' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id="root">');
    expectHardened(page.headers);
  });

  it('an API reply, and an API error', async () => {
    const reply = await admin.get('/admin/api/messages');
    expect(reply.statusCode).toBe(200);
    expectHardened(reply.headers);
    const error = await app.inject({ url: '/admin/api/messages' });
    expect(error.statusCode).toBe(401);
    expectHardened(error.headers);
  });

  it('an uploaded logo, served as an image that no browser runs as a page', async () => {
    const { body, headers } = logoUpload();
    const uploaded = await admin.request({ method: 'POST', url: '/admin/api/station/logo', body, headers });
    expect(uploaded.statusCode).toBe(200);
    const image = await app.inject({ url: uploaded.json().logo_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expectHardened(image.headers);
    expect(String(image.headers['content-security-policy'])).toMatch(/default-src 'none'.*sandbox/);
  });
});
