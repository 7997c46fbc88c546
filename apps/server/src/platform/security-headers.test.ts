// Every answer, page or API, carries the headers that stop sniffing, framing and referrer leaks;
// HSTS only where the site is served over HTTPS. Pages get the strict policy of decision 0022,
// every other answer one that allows nothing (the uploaded logo's: station.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '@message-station/shared';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};
const NOTHING_ALLOWED = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-headers-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><div id="root"></div>`,
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'worker-abc123.js'), 'onmessage = () => {}');

describe('security headers', async () => {
  const { app } = await createTestApp({ seed: false, config: { webDistDir: webDist } });
  const { app: https } = await createTestApp({
    seed: false,
    config: { cookieSecure: true, webDistDir: webDist },
  });

  it.each([
    ['an API reply', '/auth/session'],
    ['an error reply', '/admin/api/messages'],
    ['a script (the ALTCHA worker runs under its own answer)', '/assets/worker-abc123.js'],
  ])('on %s: a policy that allows nothing', async (_what, url) => {
    const response = await app.inject({ url });
    expect(response.headers).toMatchObject({ ...EXPECTED, 'content-security-policy': NOTHING_ALLOWED });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("on a page: this site's scripts, styles by the answer's nonce, nothing framing it", async () => {
    const response = await app.inject({ url: '/admin/login' });
    expect(response.headers).toMatchObject(EXPECTED);
    const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
    expect(response.headers['content-security-policy']).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "media-src 'self' blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "worker-src 'self'",
        "frame-src 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  it('HSTS when served over HTTPS (secure cookies: production)', async () => {
    const response = await https.inject({ url: '/auth/session' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers).toMatchObject(EXPECTED);
  });
});
