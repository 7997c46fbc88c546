// Typed calls for the admin Messages page: the list, create (also from
// the emergency templates), edit, delete, a translation corrected by hand, and the station (SMS
// switch and credits).
import {
  messagesBackTranslation,
  messagesChooseCorrection,
  messagesCreate,
  messagesEditTranslation,
  messagesFromPhrasebook,
  messagesList,
  messagesRemove,
  messagesReviewTranslation,
  messagesUpdate,
  stationGet,
  type TBackTranslation,
  type TCorrectionChoiceRequest,
  type TMessage,
  type TMessagesQuery as TMessagesQueryInput,
  type TPhraseMessageRequest,
  type TStationSummary,
  type TTranslationEditRequest,
} from '@message-station/shared';
import { call, type TBodyOf } from './call';

/** The server's shapes: one definition for server and web. */
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

/** The routes' body, which TMessageInput widens (the server checks the values). */
type TMessageBody = TBodyOf<typeof messagesCreate>;

/** GET /admin/api/station: the route's own schema. */
export type TAdminStation = TStationSummary;

/** Newest first; `type` is a message_type key, `search` matches the title and the original text. */
export function listMessages(query: TMessagesQuery, signal?: AbortSignal): Promise<TMessage[]> {
  const { limit, type, search } = query;
  return call(messagesList, {
    // The page's filter holds a type key as a string; the server checks it.
    query: { limit: limit || undefined, type: (type || undefined) as TMessagesQueryInput['type'], search },
    signal,
  });
}

/** 201; the translations start pending and finish in the background (the stream tells). */
export function createMessage(input: TMessageInput): Promise<TMessage> {
  return call(messagesCreate, { body: input as TMessageBody });
}

/**
 * 201: a message written from the vetted alert phrasebook (decision 0050): every target language is
 * already completed from the phrasebook, the fields inserted as typed; no engine is asked.
 */
export function createPhraseMessage(input: TPhraseMessageRequest): Promise<TMessage> {
  return call(messagesFromPhrasebook, { body: input });
}

/** Re-translates the targets; translations corrected by hand are kept. */
export function updateMessage(id: string, input: TMessageInput): Promise<TMessage> {
  return call(messagesUpdate, { params: { id }, body: input as TMessageBody });
}

export function deleteMessage(id: string): Promise<{ ok: true }> {
  return call(messagesRemove, { params: { id } });
}

/** Staff correct one translation by hand; it is marked edited. */
export function updateTranslation(
  id: string,
  languageCode: string,
  translatedText: string,
): Promise<TMessage> {
  return call(messagesEditTranslation, {
    params: { id, language: languageCode },
    body: { translated_text: translatedText } satisfies TTranslationEditRequest,
  });
}

/** Staff read a finished machine translation and approve it. */
export function reviewTranslation(id: string, languageCode: string): Promise<TMessage> {
  return call(messagesReviewTranslation, { params: { id, language: languageCode } });
}

/** After the original changed: keep the earlier correction, or the new machine translation. */
export function chooseCorrection(
  id: string,
  languageCode: string,
  keep: TCorrectionChoiceRequest['keep'],
): Promise<TMessage> {
  return call(messagesChooseCorrection, {
    params: { id, language: languageCode },
    body: { keep } satisfies TCorrectionChoiceRequest,
  });
}

/** The translation put back into the original's language by the station's engines (not stored). */
export function backTranslate(id: string, languageCode: string): Promise<TBackTranslation> {
  return call(messagesBackTranslation, { params: { id, language: languageCode } });
}

export function getAdminStation(signal?: AbortSignal): Promise<TAdminStation> {
  return call(stationGet, { signal });
}
