// Every answer, page or API, carries the headers that stop sniffing, framing and referrer leaks;
// HSTS only where the site is served over HTTPS.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.js';

const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers', async () => {
  const { app } = await createTestApp({ seed: false });
  const { app: https } = await createTestApp({ seed: false, config: { cookieSecure: true } });

  it.each([
    ['an API reply', '/auth/session'],
    ['an error reply', '/admin/api/messages'],
    ['a page', '/admin/login'],
  ])('on %s', async (_what, url) => {
    const response = await app.inject({ url });
    expect(response.headers).toMatchObject(EXPECTED);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('HSTS when served over HTTPS (secure cookies: production)', async () => {
    const response = await https.inject({ url: '/auth/session' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers).toMatchObject(EXPECTED);
  });
});
