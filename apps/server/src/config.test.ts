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

  it('requires a session secret in production and turns on Secure cookies there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: required in production/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.cookieSecure).toBe(true);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', SEED_DEMO: 'maybe' })).toThrow(/PORT[\s\S]*SEED_DEMO/);
  });
});
