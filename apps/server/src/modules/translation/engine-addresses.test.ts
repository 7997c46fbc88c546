// A station's own engine URL is checked like an outbound webhook's (decision 0056): in production a
// host that is or resolves to an internal address is refused when the settings are saved and again
// at every connection (a name re-pointed afterwards is refused too), and a redirect is never
// followed, so an engine cannot send the server on to an internal address. The development and test
// allowance lets the loopback fakes in; it is off in production unless the operator sets it.
import type { LookupAddress } from 'node:dns';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type TTranslationConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { createPublicFetch } from '../../platform/public-fetch.js';
import { createLibreTranslateProvider } from '../../providers/translation/libretranslate.js';
import { TranslationError } from '../../providers/translation/types.js';
import { TEST_CONFIG_ENV } from '../../test/db.js';
import { startFakeLibreTranslate } from '../../test/fake-translation-servers.js';
import { buildStationEngine, checkEngineSettings } from './station-engines.js';

/** A resolver that answers `address` for every name, as a re-pointed DNS record would. */
const resolvesTo = (address: string) => async (): Promise<LookupAddress[]> => [{ address, family: 4 }];

const base = loadConfig(TEST_CONFIG_ENV).translation;
const production: TTranslationConfig = { ...base, station: { ...base.station, privateUrls: false } };
const libre = (baseUrl: string) => ({
  engine: 'libretranslate' as const,
  apiKey: null,
  baseUrl,
  model: null,
});

describe("a station's own engine address", async () => {
  const engine = await startFakeLibreTranslate();
  const target = await startFakeLibreTranslate();
  afterAll(async () => {
    await engine.close();
    await target.close();
  });
  const port = new URL(engine.url).port;

  it('is on by default outside production and off in production', () => {
    expect(base.station.privateUrls).toBe(true);
    const prod = loadConfig({
      ...TEST_CONFIG_ENV,
      NODE_ENV: 'production',
      SESSION_SECRET: 'p'.repeat(40),
      STATION_KEYS_SECRET: 'k'.repeat(40),
      PUBLIC_URL: 'https://alerts.example.org',
      EMAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://mail.example.org:587',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM_NUMBER: '+15005550006',
      DEV_TOOLS: '',
    });
    expect(prod.translation.station.privateUrls).toBe(false);
  });

  it('is refused on saving in production when its name resolves to an internal address', async () => {
    const saving = checkEngineSettings(
      production,
      libre('https://engine.example.org'),
      resolvesTo('10.0.0.7'),
    );
    await expect(saving).rejects.toThrow(AppError);
    await expect(saving).rejects.toMatchObject({
      code: 'translation_engine_url_private',
      statusCode: 400,
      params: { engine: 'LibreTranslate', host: 'engine.example.org' },
    });
    await expect(
      checkEngineSettings(production, libre('https://engine.example.org'), resolvesTo('93.184.216.34')),
    ).resolves.toBeUndefined();
    // Written as an address, it is refused without a look-up.
    await expect(checkEngineSettings(production, libre(engine.url))).rejects.toMatchObject({
      code: 'translation_engine_url_private',
    });
  });

  it('is refused at the connection in production when the name points inside later: nothing arrives', async () => {
    engine.reset();
    const guarded = createLibreTranslateProvider(
      { url: `http://engine.example.org:${port}` },
      {
        timeoutMs: 2000,
        station: true,
        fetch: createPublicFetch({ allowInternal: false, resolve: resolvesTo('127.0.0.1') }),
      },
    );
    const failure = await Promise.resolve(guarded.supports('en', 'es')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TranslationError);
    expect((failure as TranslationError).message).toMatch(/resolves to a private or local address/);
    expect(engine.requests).toEqual([]);
  });

  it('is refused at the connection in production when written as a loopback address', async () => {
    engine.reset();
    const built = buildStationEngine(production, libre(engine.url));
    await expect(built.supports('en', 'es')).rejects.toThrow(/private or local address/);
    expect(engine.requests).toEqual([]);
  });

  it('never follows a redirect, even to a loopback fake under the test allowance', async () => {
    engine.reset();
    target.reset();
    engine.override({ kind: 'raw', status: 302, headers: { location: `${target.url}/languages` } });
    const built = buildStationEngine(base, libre(engine.url));
    const failure = await Promise.resolve(built.supports('en', 'es')).catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(
      new RegExp(`redirect \\(HTTP 302\\) to ${target.url}/languages; redirects are not followed`),
    );
    expect(engine.requests).toHaveLength(1);
    expect(target.requests).toEqual([]);
    engine.reset();
  });

  it('translates through the guarded fetch under the test allowance (loopback fakes)', async () => {
    engine.reset();
    const built = buildStationEngine(base, libre(engine.url));
    expect(await built.translate({ text: 'Roads are closed.', from: 'en', to: 'es' })).toBe(
      '[es] Roads are closed.',
    );
    expect(engine.requests.map((r) => r.path)).toEqual(['/languages', '/translate']);
  });
});
