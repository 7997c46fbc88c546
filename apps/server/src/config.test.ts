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
  const smtp = { EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.org:587' };

  it('requires a session secret in production and turns on Secure cookies there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...twilio, ...smtp })).toThrow(
      /SESSION_SECRET: required in production/,
    );
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...twilio, ...smtp });
    expect(config.cookieSecure).toBe(true);
  });

  it('uses the dev outbox with test mode by default, never in production', () => {
    expect(loadConfig({}).sms).toEqual({
      provider: 'outbox',
      testMode: true,
      ratePerSecond: 20,
      leaseMs: 30_000,
    });
    expect(loadConfig({ SMS_LEASE_SECONDS: '5' }).sms.leaseMs).toBe(5000);
    expect(() => loadConfig({ SMS_LEASE_SECONDS: '0' })).toThrow(/SMS_LEASE_SECONDS/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...smtp })).toThrow(
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

  it('sends emails to the dev outbox by default, never in production, and SMTP needs its URL', () => {
    expect(loadConfig({}).email).toMatchObject({ provider: 'outbox' });
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), ...twilio })).toThrow(
      /EMAIL_PROVIDER: the dev outbox never sends a real email/,
    );
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(/EMAIL_PROVIDER=smtp needs SMTP_URL/);
  });

  it('points billing at the dev checkout until Stripe Payment Links are set', () => {
    const dev = loadConfig({ PUBLIC_URL: 'https://alerts.example.org' }).billing;
    expect(dev).toMatchObject({
      devCheckout: true,
      testMode: true,
      subscriptionUrl: 'https://alerts.example.org/dev/checkout?kind=subscription',
      creditsUrl: 'https://alerts.example.org/dev/checkout?kind=credits',
    });
    expect(dev.webhookSecret).toMatch(/^whsec_dev/);
    const live = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      ...twilio,
      ...smtp,
      STRIPE_SUBSCRIPTION_URL: 'https://buy.stripe.com/plan',
      STRIPE_CREDITS_URL: 'https://buy.stripe.com/credits',
      STRIPE_WEBHOOK_SECRET: 'whsec_live',
    }).billing;
    expect(live).toEqual({
      webhookSecret: 'whsec_live',
      subscriptionUrl: 'https://buy.stripe.com/plan',
      creditsUrl: 'https://buy.stripe.com/credits',
      portalUrl: null,
      testMode: false,
      devCheckout: false,
    });
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        ...twilio,
        ...smtp,
        STRIPE_CREDITS_URL: 'https://buy.stripe.com/credits',
      }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
  });

  it('reads agent releases from the repository and speaks with espeak-ng and lame by default', () => {
    expect(loadConfig({})).toMatchObject({
      releasesDir: path.join(repoRoot, 'releases'),
      speech: { espeakPath: 'espeak-ng', lamePath: 'lame', timeoutMs: 30_000 },
    });
    expect(
      loadConfig({
        RELEASES_DIR: 'dist/releases',
        ESPEAK_NG_PATH: '/opt/espeak/bin/espeak-ng',
        LAME_PATH: '/opt/lame/bin/lame',
        SPEECH_TIMEOUT_MS: '5000',
      }),
    ).toMatchObject({
      releasesDir: path.join(repoRoot, 'dist/releases'),
      speech: { espeakPath: '/opt/espeak/bin/espeak-ng', lamePath: '/opt/lame/bin/lame', timeoutMs: 5000 },
    });
  });
});
