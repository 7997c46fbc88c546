// Audio of one language of a message, for stations without a desktop agent: the text chosen
// for the language, spoken on the server in the station's voice and named by the broadcast ID template.
import {
  broadcastFileName,
  languageName,
  type TAudioFormat,
  type TLanguageCode,
} from '@message-station/shared';
import { notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import * as messages from '../messages/service.js';
import { findStationById } from '../station/service.js';
import { AUDIO_CONTENT_TYPES, type TSpeechRenderer } from './speech.js';
import { chosenVoice } from './voice-service.js';

export type TAudioRequest = {
  messageId: string;
  language: TLanguageCode;
  format: TAudioFormat;
  /** The listener's IANA time zone, for the date and time in the file name. */
  timeZone?: string;
};

export type TAudioFile = { fileName: string; contentType: string; bytes: Buffer };

/** The original in its own language, otherwise a completed translation; null when there is none. */
async function spokenText(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  message: messages.TMessageRow,
  language: TLanguageCode,
) {
  if (language === message.originalLanguage) return message.original;
  const translations = await messages.listTranslations(ctx.db, ctx.stationId, [message.id]);
  const translation = translations.find((t) => t.languageCode === language);
  if (translation?.status !== 'completed' || !translation.translatedText?.trim()) return null;
  return translation.translatedText;
}

export async function renderMessageAudio(
  // `speech` is this module's own: the renderer its routes are given (or the configuration's).
  ctx: Pick<TServiceContext, 'db' | 'stationId'> & { speech: TSpeechRenderer },
  request: TAudioRequest,
): Promise<TAudioFile> {
  const message = await messages.findMessage(ctx.db, ctx.stationId, request.messageId);
  if (!message) throw notFound('message_not_found');
  const text = await spokenText(ctx, message, request.language);
  if (text === null) throw notFound('audio_no_text', { language_name: languageName(request.language) });
  const station = await findStationById(ctx.db, ctx.stationId);
  if (!station) throw notFound('message_not_found');
  const fileName = broadcastFileName({
    stationName: station.displayName,
    messageType: message.messageType,
    at: message.createdAt,
    timeZone: request.timeZone,
    language: request.language,
    extension: request.format,
  });
  const bytes = await ctx.speech.render({
    stationId: ctx.stationId,
    text,
    language: request.language,
    // The station's voice for the language (Settings → Voice); the chain falls back past it.
    voice: await chosenVoice(ctx, request.language),
    format: request.format,
  });
  return { fileName, contentType: AUDIO_CONTENT_TYPES[request.format], bytes };
}
