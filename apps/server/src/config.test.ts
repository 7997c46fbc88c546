import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadDatabaseConfig } from './config.js';
import { repoRoot } from './paths.js';

// A development machine: what `npm start` sets.
const dev = { NODE_ENV: 'development', DEV_TOOLS: 'true' };
const twilio = {
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC123',
  TWILIO_AUTH_TOKEN: 'token',
  TWILIO_FROM_NUMBER: '+15005550006',
};
const smtp = { EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://mail.example.org:587' };
/** Everything production needs, with Twilio and SMTP. */
const live = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  STATION_KEYS_SECRET: 'k'.repeat(32),
  PUBLIC_URL: 'https://alerts.example.org',
  ...twilio,
  ...smtp,
};

describe('config', () => {
  it('has working defaults for a development machine with the dev tools', () => {
    const config = loadConfig(dev);
    expect(config).toMatchObject({
      env: 'development',
      devTools: true,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
      cookieSecure: false,
      seedDemo: 'auto',
      rateLimits: {
        redisUrl: undefined,
        signIn: {
          accountFailures: 5,
          addressFailures: 30,
          newDeviceFailures: 20,
          delayMs: 60_000,
          maxDelayMs: 3_600_000,
        },
        codeTexts: {
          numberCooldownMs: 30_000,
          perNumberPerDay: 10,
          perStationPerHour: 30,
          stationSharePerHour: 10,
          perHour: 300,
          signupPerHour: 60,
          signupPerAddressPerHour: 3,
        },
        apiKeyPerMinute: 60,
      },
    });
    expect(config.sessionSecret).toMatch(/^dev-only/);
  });

  it('starts as production when nothing is set, and names every missing setting at once', () => {
    const error = (() => {
      try {
        loadConfig({});
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.split('\n')).toEqual([
      'Invalid configuration:',
      '  SESSION_SECRET: required in production (32+ random characters)',
      '  PUBLIC_URL: required in production (links in texts and emails, Twilio signatures)',
      '  TWILIO_ACCOUNT_SID: required with SMS_PROVIDER=twilio',
      '  TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio',
      '  TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID: one is required with SMS_PROVIDER=twilio',
      '  SMTP_URL: required with EMAIL_PROVIDER=smtp',
      "  STATION_KEYS_SECRET: required in production (32+ random characters; seals the stations' engine keys)",
      '(NODE_ENV is unset, so this is a production start. On a development machine run `npm start`, which sets NODE_ENV=development and DEV_TOOLS=true.)',
    ]);
  });

  it('runs production with its secrets: Secure cookies, no dev tools, no test codes, no test checkout', () => {
    const config = loadConfig(live);
    expect(config).toMatchObject({
      env: 'production',
      devTools: false,
      cookieSecure: true,
      sessionSecret: 'x'.repeat(32),
      sms: { provider: 'twilio', testMode: false },
      email: { provider: 'smtp' },
      billing: { devCheckout: false, webhookSecret: undefined, subscriptionUrl: null, creditsUrl: null },
      // Webhook endpoints are https and public there unless the operator says otherwise.
      webhooks: { allowHttp: false, allowPrivateHosts: false, timeoutMs: 10_000 },
    });
    expect(loadConfig(dev).webhooks).toEqual({ allowHttp: true, allowPrivateHosts: true, timeoutMs: 10_000 });
    expect(
      loadConfig({
        ...live,
        WEBHOOKS_ALLOW_HTTP: 'true',
        WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true',
        WEBHOOKS_TIMEOUT_MS: '2000',
      }).webhooks,
    ).toEqual({ allowHttp: true, allowPrivateHosts: true, timeoutMs: 2000 });
    // Under a second or over 30 s is refused, named.
    expect(() => loadConfig({ ...dev, WEBHOOKS_TIMEOUT_MS: '500' })).toThrow(/WEBHOOKS_TIMEOUT_MS/);
    expect(() => loadConfig({ ...dev, WEBHOOKS_TIMEOUT_MS: '60000' })).toThrow(/WEBHOOKS_TIMEOUT_MS/);
  });

  it('refuses every dev convenience in production, named together', () => {
    expect(() =>
      loadConfig({
        ...live,
        DEV_TOOLS: 'true',
        SMS_TEST_MODE: 'true',
        SMS_PROVIDER: 'outbox',
        EMAIL_PROVIDER: 'outbox',
      }),
    ).toThrow(
      new ConfigError(
        [
          'Invalid configuration:',
          '  DEV_TOOLS: never in production (outbox pages, test codes, test checkout, dev secrets)',
          '  SMS_TEST_MODE: codes in replies need DEV_TOOLS=true, never in production',
          '  SMS_PROVIDER: the dev outbox never sends a real SMS; choose twilio in production',
          '  EMAIL_PROVIDER: the dev outbox never sends a real email; choose smtp in production',
        ].join('\n'),
      ),
    );
  });

  it('gives no dev tools and no committed secret without DEV_TOOLS, also in development', () => {
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(
      /SESSION_SECRET: required \(32\+ random characters\); only DEV_TOOLS=true falls back to a dev secret/,
    );
    const plain = loadConfig({ NODE_ENV: 'development', SESSION_SECRET: 's'.repeat(32) });
    expect(plain).toMatchObject({
      devTools: false,
      sessionSecret: 's'.repeat(32),
      sms: { provider: 'outbox', testMode: false },
      billing: { devCheckout: false, webhookSecret: undefined, subscriptionUrl: null, creditsUrl: null },
    });
    expect(plain.botCheck).toMatchObject({ hmacKey: `altcha:${'s'.repeat(32)}` });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 's'.repeat(32), SMS_TEST_MODE: 'true' }),
    ).toThrow(/SMS_TEST_MODE: codes in replies need DEV_TOOLS=true/);
    expect(loadConfig({ ...dev, DEV_TOOLS: 'false', SESSION_SECRET: 's'.repeat(32) }).devTools).toBe(false);
  });

  it('uses the dev outbox with test codes under the dev tools, never in production', () => {
    expect(loadConfig(dev).sms).toEqual({
      provider: 'outbox',
      testMode: true,
      ratePerSecond: 20,
      leaseMs: 30_000,
    });
    expect(loadConfig({ ...dev, SMS_TEST_MODE: 'false' }).sms.testMode).toBe(false);
    expect(loadConfig({ ...dev, SMS_LEASE_SECONDS: '5' }).sms.leaseMs).toBe(5000);
    expect(() => loadConfig({ ...dev, SMS_LEASE_SECONDS: '0' })).toThrow(/SMS_LEASE_SECONDS/);
    expect(() => loadConfig({ ...live, SMS_PROVIDER: 'outbox' })).toThrow(
      /SMS_PROVIDER: the dev outbox never sends a real SMS/,
    );
  });

  it('configures Twilio without test codes unless asked under the dev tools, and names missing settings', () => {
    const config = loadConfig({ ...dev, ...twilio, PUBLIC_URL: 'https://alerts.example.org' });
    expect(config.sms).toMatchObject({
      provider: 'twilio',
      testMode: false,
      twilio: { accountSid: 'AC123', statusCallbackUrl: 'https://alerts.example.org/webhooks/sms/status' },
    });
    expect(loadConfig({ ...dev, ...twilio, SMS_TEST_MODE: 'true' }).sms.testMode).toBe(true);
    // How long recovery asks Twilio before sending a dead node's texts again (decision 0051).
    expect(config.sms.lookupWindowMs).toBe(30_000);
    expect(loadConfig({ ...dev, ...twilio, SMS_LOOKUP_WINDOW_SECONDS: '0' }).sms.lookupWindowMs).toBe(0);
    expect(() => loadConfig({ ...dev, ...twilio, SMS_LOOKUP_WINDOW_SECONDS: '-1' })).toThrow(
      /SMS_LOOKUP_WINDOW_SECONDS/,
    );
    expect(() => loadConfig({ ...dev, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(
      /TWILIO_AUTH_TOKEN: required with SMS_PROVIDER=twilio\n {2}TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID: one is required/,
    );
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ ...dev, PORT: 'abc', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...dev, PORT: 'abc', SEED_DEMO: 'maybe' })).toThrow(/PORT[\s\S]*SEED_DEMO/);
  });

  it('sends emails to the dev outbox outside production, never in production, and SMTP needs its URL', () => {
    expect(loadConfig(dev).email).toMatchObject({ provider: 'outbox' });
    expect(() => loadConfig({ ...live, EMAIL_PROVIDER: 'outbox' })).toThrow(
      /EMAIL_PROVIDER: the dev outbox never sends a real email/,
    );
    expect(() => loadConfig({ ...dev, EMAIL_PROVIDER: 'smtp' })).toThrow(
      /SMTP_URL: required with EMAIL_PROVIDER=smtp/,
    );
  });

  it('reads only the database settings for the database commands, which need no secrets', () => {
    expect(loadDatabaseConfig({ DATA_DIR: 'tmp/db', PORT: '4000' })).toEqual({
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'tmp/db'),
      publicUrl: 'http://localhost:4000',
    });
  });

  it('points billing at the dev checkout under the dev tools until Stripe Payment Links are set', () => {
    const test = loadConfig({ ...dev, PUBLIC_URL: 'https://alerts.example.org' }).billing;
    expect(test).toMatchObject({
      devCheckout: true,
      testMode: true,
      // Paths on this site: read against the address in use, never PUBLIC_URL.
      subscriptionUrl: '/dev/checkout?kind=subscription',
      creditsUrl: '/dev/checkout?kind=credits',
    });
    expect(test.webhookSecret).toMatch(/^whsec_dev/);
    const links = {
      STRIPE_SUBSCRIPTION_URL: 'https://buy.stripe.com/plan',
      STRIPE_CREDITS_URL: 'https://buy.stripe.com/credits',
    };
    expect(loadConfig({ ...live, ...links, STRIPE_WEBHOOK_SECRET: 'whsec_live' }).billing).toEqual({
      webhookSecret: 'whsec_live',
      subscriptionUrl: 'https://buy.stripe.com/plan',
      creditsUrl: 'https://buy.stripe.com/credits',
      portalUrl: null,
      testMode: false,
      devCheckout: false,
    });
    // With links the dev secret is never used, even with the dev tools.
    expect(loadConfig({ ...dev, ...links }).billing).toMatchObject({
      devCheckout: false,
      webhookSecret: undefined,
    });
    expect(() => loadConfig({ ...live, STRIPE_CREDITS_URL: links.STRIPE_CREDITS_URL })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when Stripe Payment Links are set in production/,
    );
  });

  it('reads agent releases from the repository and speaks with espeak-ng and lame by default', () => {
    expect(loadConfig(dev)).toMatchObject({
      releasesDir: path.join(repoRoot, 'releases'),
      speech: { espeakPath: 'espeak-ng', lamePath: 'lame', timeoutMs: 30_000 },
    });
    expect(
      loadConfig({
        ...dev,
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

describe('speech configuration', () => {
  it('speaks with espeak-ng alone by default; a cloud voice with its setting comes first', () => {
    expect(loadConfig(dev).speech.providers).toEqual(['espeak']);
    const both = loadConfig({
      ...dev,
      GOOGLE_TTS_API_KEY: 'AIza-key',
      OPENAI_TTS_BASE_URL: 'http://127.0.0.1:8880/v1',
    });
    expect(both.speech).toMatchObject({
      providers: ['google', 'openai', 'espeak'],
      google: { apiKey: 'AIza-key' },
      openai: {
        baseUrl: 'http://127.0.0.1:8880/v1',
        model: 'tts-1',
        voices: ['alloy', 'nova', 'echo', 'fable', 'onyx', 'shimmer'],
      },
    });
  });

  it('takes SPEECH_PROVIDERS in its order and names what a listed engine lacks', () => {
    const listed = loadConfig({
      ...dev,
      SPEECH_PROVIDERS: 'openai, espeak',
      OPENAI_TTS_API_KEY: 'sk-key',
      OPENAI_TTS_VOICES: 'af_bella, am_adam',
      GOOGLE_TTS_API_KEY: 'AIza-key',
    });
    expect(listed.speech.providers).toEqual(['openai', 'espeak']);
    expect(listed.speech.google).toBeUndefined();
    expect(listed.speech.openai?.voices).toEqual(['af_bella', 'am_adam']);
    expect(() => loadConfig({ ...dev, SPEECH_PROVIDERS: 'google,azure' })).toThrow(
      /SPEECH_PROVIDERS: unknown provider "azure"[\s\S]*SPEECH_PROVIDERS=google needs GOOGLE_TTS_API_KEY/,
    );
  });
});
