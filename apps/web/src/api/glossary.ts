// Typed calls for the station's glossary (Settings → Translation): read it, replace it whole.
import type { TGlossary, TGlossaryRequest } from '@message-station/shared';
import { api } from './client';

const PATH = '/admin/api/settings/glossary';

export function getGlossary(signal?: AbortSignal): Promise<TGlossary> {
  return api<TGlossary>(PATH, { signal });
}

export function saveGlossary(request: TGlossaryRequest): Promise<TGlossary> {
  return api<TGlossary>(PATH, { method: 'PUT', body: request });
}
