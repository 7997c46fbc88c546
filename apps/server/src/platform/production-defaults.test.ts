// What a real server process exposes and says about itself depending on how it was started
// (decision 0018): no dev tools without DEV_TOOLS, none in production, never the demo password
// there, and a production start without its secrets refused with every missing one named.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDataDir } from '../test/db.js';
import {
  HttpSession,
  runServerUntilExit,
  startServerProcess,
  stopServerProcesses,
} from '../test/server-process.js';

const dirs: string[] = [];
/**
 * A data folder for a server: a copy of the run's migrated database, or (`fresh`) an empty one
 * that the server creates itself as on a first `npm start`.
 */
const dataDir = (fresh = false) => {
  const dir = fresh
    ? fs.mkdtempSync(path.join(os.tmpdir(), 'ms-production-'))
    : createTestDataDir('ms-production-');
  dirs.push(dir);
  return dir;
};
// The starts are independent (each its own folder and port) and mostly wait: they run at once. A
// test that fails half-way leaves no server behind once the file ends.
afterAll(async () => {
  await stopServerProcesses();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'production-test-secret-0123456789abcdef';
const liveProviders = {
  SESSION_SECRET: SECRET,
  STATION_KEYS_SECRET: SECRET,
  PUBLIC_URL: 'https://alerts.example.org',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000004',
  TWILIO_AUTH_TOKEN: 'unused',
  TWILIO_FROM_NUMBER: '+15005550006',
  TWILIO_API_BASE_URL: 'http://127.0.0.1:9',
  EMAIL_PROVIDER: 'smtp',
  SMTP_URL: 'smtp://127.0.0.1:9',
};

/** The dev tools' doors, asked the way the dev pages ask them. */
async function devDoors(url: string) {
  const visitor = new HttpSession(url);
  await visitor.request('GET', '/auth/session');
  const checkout = await visitor.request('POST', '/dev/api/stripe/checkout', {
    kind: 'credits',
    client_reference_id: '00000000-0000-4000-8000-000000000000',
    packs: 10,
  });
  const outbox = await visitor.request('GET', '/dev/api/outbox');
  const inbound = await visitor.request('POST', '/dev/api/inbound', { from: '+15005550006', body: 'JOIN' });
  return { checkout: checkout.status, outbox: outbox.status, inbound: inbound.status };
}

/** A subscriber joins the demo station: the code is texted; does the reply hand it back too? */
async function joinCode(url: string) {
  const visitor = new HttpSession(url);
  await visitor.request('GET', '/auth/session');
  const join = await visitor.request('POST', '/subscribe/demo/register', {
    phone: '+12025550143',
    message_types: [{ message_type: 'emergency', language: 'es' }],
    consent_given: true,
  });
  expect(join.status).toBe(200);
  return join.json().test_code;
}

// Processes, not the database: once is enough.
describe.runIf(process.env.TEST_DB !== 'postgres').concurrent('how the server starts', () => {
  it('in production: no dev tools, and the demo station named but never its password', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dataDir(),
      SEED_DEMO: 'true',
      ...liveProviders,
    });
    // The banner is printed right after listen; give it a moment to arrive.
    await vi.waitFor(() => expect(server.output()).toContain('demo station exists'), { timeout: 5000 });
    expect(await devDoors(server.url)).toEqual({ checkout: 404, outbox: 404, inbound: 404 });
    server.kill('SIGTERM');
    await server.exited;
    expect(server.output()).toContain(
      'The demo station exists: change its passwords or remove it before going live.',
    );
    expect(server.output()).not.toContain('demo1234');
  }, 120_000);

  it('in development without DEV_TOOLS: the outbox provider, yet no dev pages, codes or test checkout', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      DEV_TOOLS: '',
      DATA_DIR: dataDir(),
      SEED_DEMO: 'true',
      SESSION_SECRET: SECRET,
    });
    await vi.waitFor(() => expect(server.output()).toContain('demo station exists'), { timeout: 5000 });
    expect(await devDoors(server.url)).toEqual({ checkout: 404, outbox: 404, inbound: 404 });
    // The code goes to the outbox, never into the reply.
    expect(await joinCode(server.url)).toBeUndefined();
    server.kill('SIGTERM');
    await server.exited;
    expect(server.output()).not.toContain('demo1234');
  }, 120_000);

  it('as `npm start` runs it (DEV_TOOLS=true): the dev tools answer and the demo logins are printed', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'development',
      DATA_DIR: dataDir(true),
      SEED_DEMO: 'auto',
    });
    await vi.waitFor(() => expect(server.output()).toContain('demo1234'), { timeout: 5000 });
    expect(await devDoors(server.url)).toEqual({ checkout: 400, outbox: 200, inbound: 200 });
    expect(await joinCode(server.url)).toMatch(/^\d{6}$/);
    server.kill('SIGTERM');
    await server.exited;
  }, 120_000);

  it('with nothing set: refused as a production start, every missing setting named at once', async () => {
    const { code, output } = await runServerUntilExit({
      STRIPE_CREDITS_URL: 'https://buy.stripe.com/credits',
    });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration:');
    // One message, one line per missing setting.
    const named = output.split('\n').flatMap((line) => /^ {2}(\w+)/.exec(line)?.[1] ?? []);
    expect(named).toEqual([
      'SESSION_SECRET',
      'PUBLIC_URL',
      'TWILIO_ACCOUNT_SID',
      'TWILIO_AUTH_TOKEN',
      'TWILIO_FROM_NUMBER',
      'SMTP_URL',
      'STRIPE_WEBHOOK_SECRET',
      'STATION_KEYS_SECRET',
    ]);
    expect(output).toContain('(NODE_ENV is unset, so this is a production start.');
  }, 120_000);

  it('in production with DEV_TOOLS=true: refused', async () => {
    const { code, output } = await runServerUntilExit({
      NODE_ENV: 'production',
      DEV_TOOLS: 'true',
      ...liveProviders,
    });
    expect(code).toBe(1);
    expect(output).toContain(
      'Invalid configuration:\n  DEV_TOOLS: never in production (outbox pages, test codes, test checkout, dev secrets)\n',
    );
  }, 120_000);
});
