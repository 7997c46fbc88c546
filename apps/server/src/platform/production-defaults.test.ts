// What a server started in production says about itself: never the public demo password.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess } from '../test/server-process.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-production-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

// One process is enough: this is about what main.ts prints, not about the database.
describe.runIf(process.env.TEST_DB !== 'postgres')('a production start', () => {
  it('with the demo station seeded, warns about it but never prints its password', async () => {
    const server = await startServerProcess({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      SEED_DEMO: 'true',
      SESSION_SECRET: 'production-test-secret-0123456789abcdef',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000004',
      TWILIO_AUTH_TOKEN: 'unused',
      TWILIO_FROM_NUMBER: '+15005550006',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:9',
    });
    // The banner is printed right after listen; give it a moment to arrive.
    await vi.waitFor(() => expect(server.output()).toContain('demo station exists'), { timeout: 5000 });
    server.kill('SIGTERM');
    await server.exited;
    expect(server.output()).toContain(
      'The demo station exists: change its passwords or remove it before going live.',
    );
    expect(server.output()).not.toContain('demo1234');
  }, 60_000);
});
