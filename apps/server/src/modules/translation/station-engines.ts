// One of a station's own engines, built from its settings (the key opened), and the rules a list of
// them must keep: each engine once, the settings each needs, and (unless the operator allows it) no
// address on the server's own network, as written or as resolved, and no redirect followed
// (decisions 0033, 0056).
import { isIP } from 'node:net';
import { STATION_ENGINE_FIELDS, type TStationEngineName } from '@message-station/shared';
import { OPENAI_DEFAULT_BASE_URL, type TTranslationConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import { internalHostOf, isInternalAddress, type TResolve } from '../../platform/internal-addresses.js';
import { createPublicFetch, type TFetch } from '../../platform/public-fetch.js';
import { createApertiumProvider } from '../../providers/translation/apertium.js';
import { createDeepLProvider } from '../../providers/translation/deepl.js';
import { createGoogleProvider } from '../../providers/translation/google.js';
import { createLibreTranslateProvider } from '../../providers/translation/libretranslate.js';
import { createOpenAiProvider } from '../../providers/translation/openai.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';

/** How the engines are called in refusals and the server's log (the page words them itself). */
export const ENGINE_LABELS: Record<TStationEngineName, string> = {
  deepl: 'DeepL',
  google: 'Google Translate',
  openai: 'The OpenAI-compatible server',
  libretranslate: 'LibreTranslate',
  apertium: 'Apertium',
};

export type TEngineSettings = {
  engine: TStationEngineName;
  apiKey: string | null;
  baseUrl: string | null;
  model: string | null;
};

/** One guarded fetch per setting of the allowance (platform/public-fetch.ts). */
const stationFetches = new Map<boolean, TFetch>();
function stationFetch(config: TTranslationConfig): TFetch {
  const allowInternal = config.station.privateUrls;
  let guarded = stationFetches.get(allowInternal);
  if (!guarded) {
    guarded = createPublicFetch({ allowInternal });
    stationFetches.set(allowInternal, guarded);
  }
  return guarded;
}

export function buildStationEngine(
  config: TTranslationConfig,
  settings: TEngineSettings,
): TTranslationProvider {
  // The addresses admins enter are called through the guarded fetch (decision 0056).
  const options = { timeoutMs: config.timeoutMs, station: true, fetch: stationFetch(config) };
  const apiKey = settings.apiKey ?? undefined;
  switch (settings.engine) {
    case 'deepl':
      return createDeepLProvider({ apiKey: apiKey ?? '', apiUrl: config.station.deeplApiUrl }, options);
    case 'google':
      return createGoogleProvider({ apiKey: apiKey ?? '', apiUrl: config.station.googleApiUrl }, options);
    case 'openai':
      return createOpenAiProvider(
        { baseUrl: settings.baseUrl ?? OPENAI_DEFAULT_BASE_URL, apiKey, model: settings.model ?? '' },
        options,
      );
    case 'libretranslate':
      return createLibreTranslateProvider({ url: settings.baseUrl ?? '', apiKey }, options);
    case 'apertium':
      return createApertiumProvider({ apyUrl: settings.baseUrl ?? undefined }, options);
  }
}

/**
 * Refuses settings an engine cannot work with, naming the engine and what it lacks; in production
 * also a base URL whose host is, or resolves to, an internal address (decision 0056; every call is
 * checked again at its connection).
 */
export async function checkEngineSettings(
  config: TTranslationConfig,
  settings: TEngineSettings,
  /** How host names are looked up (tests answer their own). */
  resolve?: TResolve,
) {
  const fields = STATION_ENGINE_FIELDS[settings.engine];
  const engine = ENGINE_LABELS[settings.engine];
  const needsKey = fields.key === 'required' || (settings.engine === 'openai' && !settings.baseUrl);
  if (needsKey && !settings.apiKey) throw new AppError('translation_engine_key_required', { engine });
  if (fields.baseUrl === 'required' && !settings.baseUrl) {
    throw new AppError('translation_engine_url_required', { engine });
  }
  if (fields.model && !settings.model) throw new AppError('translation_engine_model_required', { engine });
  if (settings.baseUrl && !config.station.privateUrls) {
    const host = privateHost(settings.baseUrl) ?? (await resolvesInternal(settings.baseUrl, resolve));
    if (host) throw new AppError('translation_engine_url_private', { engine, host });
  }
}

async function resolvesInternal(url: string, resolve?: TResolve): Promise<string | null> {
  try {
    return await internalHostOf(new URL(url), resolve);
  } catch {
    return null;
  }
}

/**
 * The host of a URL written as a loopback or private address, or `localhost`, without looking the
 * name up (checkEngineSettings does that next).
 */
export function privateHost(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return null;
  }
  if (host === 'localhost' || host.endsWith('.localhost')) return host;
  // IPv4 written as IPv6 (::ffff:127.0.0.1): no public engine is addressed so.
  if (host.startsWith('::ffff:')) return host;
  if (isIP(host) === 0) return null;
  return isInternalAddress(host) ? host : null;
}
