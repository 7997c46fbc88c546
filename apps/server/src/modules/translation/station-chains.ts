// Each station's chain of engines: its own (Settings → Translation), in its order, then the
// operator's from the environment. Built once per station and kept for a short while: the node that
// saves a station's list forgets its chain at once, other nodes within STATION_CHAIN_TTL_MS
// (decision 0033), so no engine list is older than that anywhere.
import type { TLanguageCode } from '@message-station/shared';
import type { TTranslationConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { createTranslationChain } from '../../providers/translation/chain.js';
import type { TTranslationProvider } from '../../providers/translation/types.js';
import { openEngineKey } from './engine-keys.js';
import { listStationEngines, type TStationEngineRow } from './settings-repo.js';
import { buildStationEngine, type TEngineSettings } from './station-engines.js';

/** How long another node may go on using a station's previous engines after a change. */
export const STATION_CHAIN_TTL_MS = 30_000;
/** Chains kept at once; the oldest goes first (a chain is rebuilt from its rows when needed). */
const MAX_CACHED_STATIONS = 1000;

export type TStationEngine = { name: string; source: 'station' | 'operator'; provider: TTranslationProvider };

export type TStationTranslation = {
  /** The operator's chain alone: work that belongs to no station yet (a signup's type names). */
  operator: TTranslationProvider;
  /** The station's chain, read when first used: what station work hands to `translate`. */
  forStation(stationId: string): TTranslationProvider;
  /** The station's chain, ready (the translation worker records its name). */
  chainFor(stationId: string): Promise<TTranslationProvider>;
  /** Every engine the station's texts may go to, in order, saying whose it is. */
  enginesFor(stationId: string): Promise<TStationEngine[]>;
  /** A station's list changed: its next translation reads the list again. */
  forget(stationId: string): void;
};

type TLog = { warn(details: object, message: string): void };

type TCached = { at: number; engines: Promise<TStationEngine[]>; chain: Promise<TTranslationProvider> };

/** A saved row as an engine's settings, its key opened; null key when it cannot be opened. */
export function engineSettingsOf(config: TTranslationConfig, row: TStationEngineRow): TEngineSettings {
  return {
    engine: row.engine,
    apiKey: row.keyCiphertext
      ? openEngineKey(
          config.station.keysSecret,
          { stationId: row.stationId, engine: row.engine },
          row.keyCiphertext,
        )
      : null,
    baseUrl: row.baseUrl,
    model: row.model,
  };
}

export function createStationTranslation(deps: {
  db: DbOrTx;
  config: TTranslationConfig;
  /** The operator's chain (from the environment, or a test's fake) … */
  operator: TTranslationProvider;
  /** … and its engines, in order, for a station's chain and its coverage. */
  operatorEngines: TTranslationProvider[];
  /** What the operator could do for a pair nobody covers (logged, never shown to staff). */
  hint?: (from: TLanguageCode, to: TLanguageCode) => string;
  now?: () => number;
  log?: TLog;
}): TStationTranslation {
  const now = deps.now ?? Date.now;
  const { operator } = deps;
  const operatorEngines: TStationEngine[] = deps.operatorEngines.map((provider) => ({
    name: provider.name,
    source: 'operator',
    provider,
  }));
  const cache = new Map<string, TCached>();

  async function loadEngines(stationId: string): Promise<TStationEngine[]> {
    const rows = await listStationEngines(deps.db, stationId);
    const own: TStationEngine[] = [];
    for (const row of rows) {
      const settings = engineSettingsOf(deps.config, row);
      if (row.keyCiphertext && settings.apiKey === null) {
        // Sealed with another STATION_KEYS_SECRET: the engine is left out until an admin enters it again.
        deps.log?.warn(
          { stationId, engine: row.engine },
          'station engine key cannot be opened; engine skipped',
        );
        continue;
      }
      own.push({ name: row.engine, source: 'station', provider: buildStationEngine(deps.config, settings) });
    }
    return [...own, ...operatorEngines];
  }

  function cached(stationId: string): TCached {
    const hit = cache.get(stationId);
    if (hit && now() - hit.at < STATION_CHAIN_TTL_MS) return hit;
    cache.delete(stationId);
    const engines = loadEngines(stationId);
    const chain = engines.then((list) =>
      list.every((engine) => engine.source === 'operator')
        ? operator
        : createTranslationChain(
            list.map((engine) => engine.provider),
            { hint: deps.hint },
          ),
    );
    const entry = { at: now(), engines, chain };
    // A failed read is not kept: the next text reads again.
    engines.catch(() => {
      if (cache.get(stationId) === entry) cache.delete(stationId);
    });
    cache.set(stationId, entry);
    if (cache.size > MAX_CACHED_STATIONS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return entry;
  }

  return {
    operator,
    forStation(stationId) {
      return {
        name: `station:${stationId}`,
        supports: async (from, to) => (await cached(stationId).chain).supports(from, to),
        translate: async (request) => (await cached(stationId).chain).translate(request),
      };
    },
    chainFor: (stationId) => cached(stationId).chain,
    enginesFor: (stationId) => cached(stationId).engines,
    forget(stationId) {
      cache.delete(stationId);
    },
  };
}

/** Which engine covers from → each language: the first in the station's order that says so. */
export async function coverageOf(
  engines: TStationEngine[],
  from: TLanguageCode,
  languages: TLanguageCode[],
): Promise<{ language: TLanguageCode; engine: string | null; source: 'station' | 'operator' | null }[]> {
  return Promise.all(
    languages.map(async (language) => {
      for (const engine of engines) {
        // An engine that cannot be asked (a server down) does not cover the language today.
        const covers = await Promise.resolve(engine.provider.supports(from, language)).catch(() => false);
        if (covers) return { language, engine: engine.name, source: engine.source };
      }
      return { language, engine: null, source: null };
    }),
  );
}
