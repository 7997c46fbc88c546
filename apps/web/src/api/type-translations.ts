// Typed calls for message type names per language (Settings → Message Types, issue 16).
import type { TTypeTranslation, TTypeTranslationUpdate } from '@message-station/shared';
import { api } from './client';

export function getTypeTranslations(signal?: AbortSignal): Promise<TTypeTranslation[]> {
  return api<TTypeTranslation[]>('/admin/api/message-type-translations', { signal });
}

/** Staff's words for one type in one language; answers that type in every language. */
export function saveTypeTranslation(
  typeId: string,
  language: string,
  update: TTypeTranslationUpdate,
): Promise<TTypeTranslation[]> {
  return api<TTypeTranslation[]>(
    `/admin/api/message-types/${encodeURIComponent(typeId)}/translations/${encodeURIComponent(language)}`,
    { method: 'PUT', body: update },
  );
}
