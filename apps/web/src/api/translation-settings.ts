// Typed calls for Settings → Translation: the station's engines (keys never come back), saving the
// list, testing one engine, and which engine covers each language (staff read it on create).
import type {
  TLanguageCode,
  TTranslationCoverage,
  TTranslationEnginesRequest,
  TTranslationEngineTestRequest,
  TTranslationEngineTestResponse,
  TTranslationSettings,
} from '@message-station/shared';
import { api } from './client';

const PATH = '/admin/api/settings/translation';

export function getTranslationSettings(signal?: AbortSignal): Promise<TTranslationSettings> {
  return api<TTranslationSettings>(PATH, { signal });
}

/** Replaces the whole list, first tried first; a key left out is kept, all or nothing. */
export function saveTranslationEngines(request: TTranslationEnginesRequest): Promise<TTranslationSettings> {
  return api<TTranslationSettings>(PATH, { method: 'PUT', body: request });
}

export function testTranslationEngine(
  request: TTranslationEngineTestRequest,
): Promise<TTranslationEngineTestResponse> {
  return api<TTranslationEngineTestResponse>(`${PATH}/test`, { method: 'POST', body: request });
}

export function getTranslationCoverage(
  from: TLanguageCode,
  signal?: AbortSignal,
): Promise<TTranslationCoverage> {
  return api<TTranslationCoverage>(`${PATH}/coverage?from=${from}`, { signal });
}
