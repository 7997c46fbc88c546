import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { repoRoot } from './paths.js';

describe('config', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
      cookieSecure: false,
      seedDemo: 'auto',
      loginRateLimit: { max: 10, windowMs: 15 * 60_000 },
    });
  });

  const twilio = {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: 'AC123',
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM_NUMBER: '+15005550006',
  };

  it('requires a session secret in production and turns on Secure cookies there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...twilio })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...twilio });
    expect(config.cookieSecure).toBe(true);
  });

  it('uses the dev outbox with test mode by default, never in production', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox', testMode: true });
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) })).toThrow(
      /SMS_PROVIDER: the dev outbox never sends a real SMS/,
    );
  });

  it('configures Twilio without test mode unless asked, and names missing settings', () => {
    const config = loadConfig({ ...twilio, PUBLIC_URL: 'https://alerts.example.org' });
    expect(config.sms).toMatchObject({
      provider: 'twilio',
      testMode: false,
      twilio: { accountSid: 'AC123', statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status' },
    });
    expect(loadConfig({ ...twilio, SMS_TEST_MODE: 'true' }).sms.testMode).toBe(true);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID/,
    );
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', SEED_DEMO: 'maybe' })).toThrow(/PORT[\s\S]*SEED_DEMO/);
  });
});
