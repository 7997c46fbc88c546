// Typed calls for the admin Messages page: the list, create (also from
// the emergency templates), edit, delete, a translation corrected by hand, and the station (SMS
// switch and credits).
import type {
  TBackTranslation,
  TCorrectionChoiceRequest,
  TMessage,
  TMessagesQuery as TMessagesQueryInput,
  TPhraseMessageRequest,
  TStationSummary,
  TTranslationEditRequest,
} from '@message-station/shared';
import { api } from './client';

/** The server's shapes (spec §3 Message): one definition for server and web. */
export type { TMessage, TTranslation as TMessageTranslation } from '@message-station/shared';

/**
 * Body of POST /admin/api/messages and PUT /admin/api/messages/{id}. Wider than the route's
 * ZMessageRequest (plain strings where it has the language and type enums): the form holds what
 * messages and station settings give it, and the server checks the values.
 */
export type TMessageInput = {
  title: string;
  original: string;
  original_language: string;
  target_languages: string[];
  message_type: string;
};

/** The route's query, but `type` as the page's filter holds it (a select's value; the server checks it). */
export type TMessagesQuery = Omit<TMessagesQueryInput, 'type' | 'limit'> & { type?: string; limit?: number };

/** GET /admin/api/station: the route's own schema. */
export type TAdminStation = TStationSummary;

function messagePath(id: string): string {
  return `/admin/api/messages/${encodeURIComponent(id)}`;
}

/** Newest first; `type` is a message_type key, `search` matches the title and the original text. */
export function listMessages(query: TMessagesQuery, signal?: AbortSignal): Promise<TMessage[]> {
  const params = new URLSearchParams();
  if (query.limit) params.set('limit', String(query.limit));
  if (query.type) params.set('type', query.type);
  if (query.search) params.set('search', query.search);
  const search = params.toString();
  return api<TMessage[]>(`/admin/api/messages${search ? `?${search}` : ''}`, { signal });
}

/** 201; the translations start pending and finish in the background (the stream tells). */
export function createMessage(input: TMessageInput): Promise<TMessage> {
  return api<TMessage>('/admin/api/messages', { method: 'POST', body: input });
}

/**
 * 201: a message written from the vetted alert phrasebook (decision 0050): every target language is
 * already completed from the phrasebook, the fields inserted as typed; no engine is asked.
 */
export function createPhraseMessage(input: TPhraseMessageRequest): Promise<TMessage> {
  return api<TMessage>('/admin/api/messages/phrasebook', { method: 'POST', body: input });
}

/** Re-translates the targets; translations corrected by hand are kept. */
export function updateMessage(id: string, input: TMessageInput): Promise<TMessage> {
  return api<TMessage>(messagePath(id), { method: 'PUT', body: input });
}

export function deleteMessage(id: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(messagePath(id), { method: 'DELETE' });
}

/** Staff correct one translation by hand; it is marked edited. */
export function updateTranslation(
  id: string,
  languageCode: string,
  translatedText: string,
): Promise<TMessage> {
  return api<TMessage>(translationPath(id, languageCode), {
    method: 'PUT',
    body: { translated_text: translatedText } satisfies TTranslationEditRequest,
  });
}

function translationPath(id: string, languageCode: string) {
  return `${messagePath(id)}/translations/${encodeURIComponent(languageCode)}`;
}

/** Staff read a finished machine translation and approve it. */
export function reviewTranslation(id: string, languageCode: string): Promise<TMessage> {
  return api<TMessage>(`${translationPath(id, languageCode)}/review`, { method: 'POST' });
}

/** After the original changed: keep the earlier correction, or the new machine translation. */
export function chooseCorrection(
  id: string,
  languageCode: string,
  keep: TCorrectionChoiceRequest['keep'],
): Promise<TMessage> {
  return api<TMessage>(`${translationPath(id, languageCode)}/choose`, {
    method: 'POST',
    body: { keep } satisfies TCorrectionChoiceRequest,
  });
}

/** The translation put back into the original's language by the station's engines (not stored). */
export function backTranslate(id: string, languageCode: string): Promise<TBackTranslation> {
  return api<TBackTranslation>(`${translationPath(id, languageCode)}/back-translation`, { method: 'POST' });
}

export function getAdminStation(signal?: AbortSignal): Promise<TAdminStation> {
  return api<TAdminStation>('/admin/api/station', { signal });
}
