// Typed calls for the station's glossary (Settings → Translation): read it, replace it whole.
import {
  type TGlossary,
  type TGlossaryRequest,
  translationGlossary,
  translationSaveGlossary,
} from '@message-station/shared';
import { call } from './call';

export function getGlossary(signal?: AbortSignal): Promise<TGlossary> {
  return call(translationGlossary, { signal });
}

export function saveGlossary(request: TGlossaryRequest): Promise<TGlossary> {
  return call(translationSaveGlossary, { body: request });
}
