// Password guessing against an admin, with real processes (decision 0054): two nodes on one
// PostgreSQL (one node on PGlite), default sign-in limits (5 per account and address, 20 per
// account from unknown devices, 30 per address). Bursts split across the nodes check no more
// passwords than the limits allow, a right guess inside an over-limit burst signs nobody in, and
// the owner still signs in: from a known device during the attack, and anywhere right after a
// completed password reset.
import { afterEach, describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcesses } from '../../test/server-process.js';
import { onPostgres, prepareStations, solveServerBotCheck } from '../../test/station-nodes.js';

const ADMIN = 'admin@target.test';
const PER_ACCOUNT_AND_ADDRESS = 5;
const PER_ACCOUNT_NEW_DEVICES = 20;

afterEach(stopServerProcesses);

/**
 * A browser on `ip` (X-Forwarded-For: the nodes trust the proxy). It keeps its cookies whichever
 * node it talks to, as behind the load balancer, and sends the CSRF header on writes.
 */
class Browser {
  private readonly jar = new Map<string, string>();
  constructor(readonly ip: string) {}

  async request(node: string, method: string, path: string, body?: unknown) {
    const csrf = this.jar.get('csrf_token');
    const response = await fetch(`${node}${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.jar.size ? { cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(method !== 'GET' && csrf ? { 'x-csrf-token': csrf } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.jar.set(name.trim(), rest.join('='));
    }
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) };
  }

  async signIn(node: string, email: string, password: string) {
    await this.request(node, 'GET', '/auth/session');
    return this.request(node, 'POST', '/auth/login', { email, password });
  }

  has(cookie: string) {
    return Boolean(this.jar.get(cookie));
  }
}

describe('password guessing against an admin', () => {
  it('checks at most the limit across nodes and never keeps the owner out', async () => {
    const stations = await prepareStations(['target']);
    try {
      const env = { ...stations.env, TRUST_PROXY: 'true', ALTCHA_MAX_NUMBER: '10000' };
      const nodes = onPostgres
        ? await Promise.all([startServerProcess(env), startServerProcess(env)])
        : [await startServerProcess(env)];
      const url = (i: number) => nodes[i % nodes.length]?.url as string;

      // The owner's laptop signed in before: a known device.
      const laptop = new Browser('192.0.2.10');
      expect((await laptop.signIn(url(0), ADMIN, 'demo1234')).status).toBe(200);
      expect(laptop.has('known_device')).toBe(true);
      await laptop.request(url(0), 'POST', '/auth/logout');

      // 20 wrong passwords at once from one address, split across the nodes: 5 checked.
      const stranger = '203.0.113.5';
      const burst = await Promise.all(
        Array.from({ length: 20 }, (_, i) => new Browser(stranger).signIn(url(i), ADMIN, `guess-${i}`)),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(PER_ACCOUNT_AND_ADDRESS);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - PER_ACCOUNT_AND_ADDRESS);
      const refused = burst.find((r) => r.status === 429);
      expect(Number(refused?.json().retry_after_seconds)).toBeGreaterThan(0);
      expect(refused?.json()).toMatchObject({ code: 'rate_limited', rate_limit: 'sign_in' });
      expect(refused?.json().error).toMatch(/^Too many attempts\. Please try again in /);

      // Over the limit, the right password among wrong ones signs nobody in.
      const overLimit = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          new Browser(stranger).signIn(url(i), ADMIN, i === 7 ? 'demo1234' : `again-${i}`),
        ),
      );
      expect(overLimit.map((r) => r.status)).toEqual(Array(20).fill(429));

      // Guesses from 40 addresses at once: unknown devices together check at most 20 in all.
      const spread = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          new Browser(`198.51.100.${i + 1}`).signIn(url(i), ADMIN, `spread-${i}`),
        ),
      );
      const checked = spread.filter((r) => r.status === 401).length;
      expect(checked).toBe(PER_ACCOUNT_NEW_DEVICES - PER_ACCOUNT_AND_ADDRESS);
      expect((await new Browser('198.51.100.200').signIn(url(1), ADMIN, 'demo1234')).status).toBe(429);

      // The owner, on the known laptop, through the other node: in.
      const ownerIn = await laptop.signIn(url(1), ADMIN, 'demo1234');
      expect(ownerIn.status, ownerIn.text).toBe(200);
      expect((await laptop.request(url(0), 'GET', '/auth/session')).json().email).toBe(ADMIN);

      // The owner resets the password on the phone; then any device of theirs signs in.
      const phone = new Browser('192.0.2.20');
      await phone.request(url(0), 'GET', '/auth/session');
      const turnstileToken = await solveServerBotCheck(url(0), { 'x-forwarded-for': phone.ip });
      const asked = await phone.request(url(0), 'POST', '/auth/password-reset/request', {
        email: ADMIN,
        turnstileToken,
      });
      expect(asked.status, asked.text).toBe(200);
      const outbox = (await phone.request(url(0), 'GET', '/dev/api/outbox?limit=50')).json() as {
        to: string;
        body: string;
      }[];
      const link = outbox.find((m) => m.to === ADMIN && m.body.includes('/reset-password?token='));
      const token = decodeURIComponent(/reset-password\?token=([^\s"&<]+)/.exec(link?.body ?? '')?.[1] ?? '');
      expect(token).not.toBe('');
      const verified = await phone.request(url(1), 'POST', '/auth/password-reset/verify', { token });
      expect(verified.status, verified.text).toBe(200);
      const done = await phone.request(url(1), 'POST', '/auth/password-reset/complete', {
        token,
        verificationCode: verified.json().test_code,
        newPassword: 'a-brand-new-pass',
      });
      expect(done.status, done.text).toBe(200);

      const newDevice = await new Browser('192.0.2.30').signIn(url(0), ADMIN, 'a-brand-new-pass');
      expect(newDevice.status, newDevice.text).toBe(200);
      // The laptop stays a known device; the old password is no more.
      expect((await laptop.signIn(url(1), ADMIN, 'demo1234')).status).toBe(401);
      expect((await laptop.signIn(url(1), ADMIN, 'a-brand-new-pass')).status).toBe(200);
    } finally {
      await stopServerProcesses();
      await stations.close();
    }
  }, 600_000);
});
