// Typed calls for Settings → Translation: the station's engines (keys never come back), saving the
// list, testing one engine, and which engine covers each language (staff read it on create).
import {
  type TAllLanguagesCoverage,
  type TLanguageCode,
  type TTranslationCoverage,
  type TTranslationEnginesRequest,
  type TTranslationEngineTestRequest,
  type TTranslationEngineTestResponse,
  type TTranslationSettings,
  translationCoverage,
  translationLanguages,
  translationSaveSettings,
  translationSettings,
  translationTestEngine,
} from '@message-station/shared';
import { call } from './call';

export function getTranslationSettings(signal?: AbortSignal): Promise<TTranslationSettings> {
  return call(translationSettings, { signal });
}

/** Replaces the whole list, first tried first; a key left out is kept, all or nothing. */
export function saveTranslationEngines(request: TTranslationEnginesRequest): Promise<TTranslationSettings> {
  return call(translationSaveSettings, { body: request });
}

export function testTranslationEngine(
  request: TTranslationEngineTestRequest,
): Promise<TTranslationEngineTestResponse> {
  return call(translationTestEngine, { body: request });
}

export function getTranslationCoverage(
  from: TLanguageCode,
  signal?: AbortSignal,
): Promise<TTranslationCoverage> {
  return call(translationCoverage, { query: { from }, signal });
}

/** Every product language's coverage from `from`, with the station's engines (Supported Languages). */
export function getAllLanguagesCoverage(
  from: TLanguageCode,
  signal?: AbortSignal,
): Promise<TAllLanguagesCoverage> {
  return call(translationLanguages, { query: { from }, signal });
}
