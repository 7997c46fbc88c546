// Typed calls for message type names per language (Settings → Message Types).
import {
  stationSaveTypeTranslation,
  stationTypeTranslations,
  type TTypeTranslation,
  type TTypeTranslationUpdate,
} from '@message-station/shared';
import { call, type TParamsOf } from './call';

/** The route's language (any string here; the server checks it). */
type TLanguage = TParamsOf<typeof stationSaveTypeTranslation>['language'];

export function getTypeTranslations(signal?: AbortSignal): Promise<TTypeTranslation[]> {
  return call(stationTypeTranslations, { signal });
}

/** Staff's words for one type in one language; answers that type in every language. */
export function saveTypeTranslation(
  typeId: string,
  language: string,
  update: TTypeTranslationUpdate,
): Promise<TTypeTranslation[]> {
  return call(stationSaveTypeTranslation, {
    params: { id: typeId, language: language as TLanguage },
    body: update,
  });
}
