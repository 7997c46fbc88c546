// Settings → Translation: a station's own engines, saved as one list (keys sealed, never
// returned), the "Test" of one engine on a short sample, and which engine covers each language.
import {
  LANGUAGE_CODES,
  STATION_ENGINE_FIELDS,
  type TAllLanguagesCoverage,
  type TEngineTestProblem,
  type TLanguageCode,
  type TStationEngine,
  type TStationEngineInput,
  type TTranslationCoverage,
  type TTranslationEnginesRequest,
  type TTranslationEngineTestRequest,
  type TTranslationEngineTestResponse,
  type TTranslationSettings,
} from '@message-station/shared';
import { AppError } from '../../platform/errors.js';
import { TranslationError } from '../../providers/translation/types.js';
import type { TServiceContext } from '../../service-context.js';
import { findStationById, listLanguages } from '../station/service.js';
import { keyHint, sealEngineKey } from './engine-keys.js';
import { listStationEngines, replaceStationEngines, type TStationEngineValues } from './settings-repo.js';
import { coverageOf, engineSettingsOf } from './station-chains.js';
import {
  buildStationEngine,
  checkEngineSettings,
  ENGINE_LABELS,
  type TEngineSettings,
} from './station-engines.js';
import { engineLabel, trustedEnginesFor } from './trust-service.js';

type TReadContext = Pick<TServiceContext, 'db' | 'config' | 'stationId' | 'stationTranslation'>;

/** "Good morning." in each language: the Test button's sample, short enough to cost nothing. */
const SAMPLE: Record<TLanguageCode, string> = {
  en: 'Good morning.',
  es: 'Buenos días.',
  fr: 'Bonjour.',
  de: 'Guten Morgen.',
  it: 'Buongiorno.',
  pt: 'Bom dia.',
  zh: '早上好。',
  ja: 'おはようございます。',
  ko: '좋은 아침입니다.',
};

/** The station's active languages, primary first. */
async function stationLanguages(ctx: Pick<TServiceContext, 'db' | 'stationId'>) {
  const station = await findStationById(ctx.db, ctx.stationId);
  if (!station) throw new AppError('station_not_found');
  const languages = (await listLanguages(ctx.db, station))
    .filter((language) => language.isActive)
    .map((language) => language.languageCode as TLanguageCode);
  return { primary: station.primaryLanguage as TLanguageCode, languages };
}

export async function getCoverage(ctx: TReadContext, from?: TLanguageCode): Promise<TTranslationCoverage> {
  const { primary, languages } = await stationLanguages(ctx);
  const source = from ?? primary;
  const own = languages.filter((language) => language !== source);
  // A station of one language is offered every language on create (a message needs a target):
  // then every one is covered here, so the form can mark each.
  const targets = own.length > 0 ? own : LANGUAGE_CODES.filter((language) => language !== source);
  return { from: source, languages: await trustedCoverage(ctx, source, targets) };
}

/**
 * Every product language other than `from` as the station's chain covers it, with the station's
 * trust: what a language would get if ticked (Settings → Station Branding).
 */
export async function getAllLanguagesCoverage(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'stationTranslation'>,
  from: TLanguageCode,
): Promise<TAllLanguagesCoverage> {
  const targets = LANGUAGE_CODES.filter((language) => language !== from);
  return { from, languages: await trustedCoverage(ctx, from, targets) };
}

/** Who covers each target, whether the station trusts that engine, and what that means (decision 0050). */
async function trustedCoverage(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'stationTranslation'>,
  from: TLanguageCode,
  targets: TLanguageCode[],
) {
  const [engines, trusted] = await Promise.all([
    ctx.stationTranslation.enginesFor(ctx.stationId),
    trustedEnginesFor(ctx.db, ctx.stationId),
  ]);
  const covered = await coverageOf(engines, from, targets);
  return covered.map((entry) => {
    const isTrusted =
      entry.source !== null && entry.engine !== null && trusted.has(engineLabel(entry.source, entry.engine));
    const status = isTrusted ? 'trusted' : entry.engine ? 'review' : 'needs_setup';
    return { ...entry, trusted: isTrusted, status } as const;
  });
}

export async function getTranslationSettings(ctx: TReadContext): Promise<TTranslationSettings> {
  const rows = await listStationEngines(ctx.db, ctx.stationId);
  const engines: TStationEngine[] = rows.map((row) => {
    const keySet =
      Boolean(row.keyCiphertext) && engineSettingsOf(ctx.config.translation, row).apiKey !== null;
    return {
      engine: row.engine,
      base_url: row.baseUrl,
      model: row.model,
      key_set: keySet,
      key_hint: keySet ? row.keyHint || null : null,
      trusted: row.trusted,
    };
  });
  const all = await ctx.stationTranslation.enginesFor(ctx.stationId);
  return {
    engines,
    operator_engines: all.filter((engine) => engine.source === 'operator').map((engine) => engine.name),
    coverage: await getCoverage(ctx),
  };
}

/** One engine as typed: a key left out (or blank) is the saved one, null removes it. */
function settingsAsTyped(input: TStationEngineInput, saved: TEngineSettings | undefined): TEngineSettings {
  const fields = STATION_ENGINE_FIELDS[input.engine];
  const typedKey = input.api_key === null ? null : input.api_key || undefined;
  return {
    engine: input.engine,
    apiKey: fields.key === 'none' ? null : typedKey === undefined ? (saved?.apiKey ?? null) : typedKey,
    baseUrl:
      fields.baseUrl === 'none'
        ? null
        : input.base_url === undefined
          ? (saved?.baseUrl ?? null)
          : input.base_url || null,
    model: !fields.model ? null : input.model === undefined ? (saved?.model ?? null) : input.model || null,
  };
}

async function savedSettings(ctx: Pick<TServiceContext, 'db' | 'config' | 'stationId'>) {
  const rows = await listStationEngines(ctx.db, ctx.stationId);
  return new Map(
    rows.map((row) => [row.engine, { row, settings: engineSettingsOf(ctx.config.translation, row) }]),
  );
}

/** Replaces the station's engines with this list, in its order, or refuses it whole. */
export async function saveTranslationEngines(
  ctx: TReadContext & Pick<TServiceContext, 'now'>,
  input: TTranslationEnginesRequest,
): Promise<TTranslationSettings> {
  const saved = await savedSettings(ctx);
  const seen = new Set<string>();
  const values: TStationEngineValues[] = [];
  // One at a time: each URL's host may be looked up (checkEngineSettings).
  for (const engine of input.engines) {
    if (seen.has(engine.engine)) {
      throw new AppError('translation_engine_twice', { engine: ENGINE_LABELS[engine.engine] });
    }
    seen.add(engine.engine);
    const before = saved.get(engine.engine);
    const settings = settingsAsTyped(engine, before?.settings);
    await checkEngineSettings(ctx.config.translation, settings);
    const keyUnchanged = before && settings.apiKey !== null && settings.apiKey === before.settings.apiKey;
    const trusted = engine.trusted ?? before?.row.trusted ?? false;
    if (trusted && engine.engine === 'apertium') throw new AppError('translation_engine_offline_untrusted');
    values.push({
      engine: engine.engine,
      trusted,
      baseUrl: settings.baseUrl,
      model: settings.model,
      keyCiphertext: !settings.apiKey
        ? null
        : keyUnchanged
          ? before.row.keyCiphertext
          : sealEngineKey(
              ctx.config.translation.station.keysSecret,
              { stationId: ctx.stationId, engine: engine.engine },
              settings.apiKey,
            ),
      keyHint: settings.apiKey ? keyHint(settings.apiKey) : null,
    });
  }
  await ctx.db.transaction((tx) => replaceStationEngines(tx, ctx.stationId, values, ctx.now));
  ctx.stationTranslation.forget(ctx.stationId);
  return getTranslationSettings(ctx);
}

/** Translates a short sample with this one engine and says whether it worked, or why not. */
export async function testTranslationEngine(
  ctx: Pick<TServiceContext, 'db' | 'config' | 'stationId'>,
  input: TTranslationEngineTestRequest,
): Promise<TTranslationEngineTestResponse> {
  const saved = (await savedSettings(ctx)).get(input.engine)?.settings;
  const settings = settingsAsTyped(input, saved);
  await checkEngineSettings(ctx.config.translation, settings);
  const engine = buildStationEngine(ctx.config.translation, settings);
  const { primary, languages } = await stationLanguages(ctx);
  const from = input.from ?? primary;
  let to = input.to ?? languages.find((language) => language !== from) ?? (from === 'en' ? 'es' : 'en');
  try {
    if (!input.to) {
      // Another of the station's languages the engine has, when the first is not one of them.
      for (const language of languages.filter((l) => l !== from)) {
        if (await engine.supports(from, language)) {
          to = language;
          break;
        }
      }
    }
    if (!(await engine.supports(from, to))) {
      return {
        ok: false,
        from,
        to,
        problem: 'no_pair',
        detail: `${ENGINE_LABELS[input.engine]} has no ${from}→${to} language pair`,
      };
    }
    const sample = SAMPLE[from];
    const translated = await engine.translate({ text: sample, from, to });
    return { ok: true, from, to, sample, translated };
  } catch (error) {
    return { ok: false, from, to, ...failureOf(error) };
  }
}

function failureOf(error: unknown): { problem: TEngineTestProblem; detail: string } {
  if (!(error instanceof TranslationError)) return { problem: 'refused', detail: 'The engine failed.' };
  const problem = error.problem ?? (error.kind === 'unsupported' ? 'no_pair' : 'refused');
  return { problem, detail: error.message };
}
