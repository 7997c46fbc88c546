// A message with completed translations, for delivery tests.
import type { TMessageTypeKey } from '@message-station/shared';
import type { Db } from '../db/client.js';
import { insertMessage, insertTranslation } from '../modules/messages/repo.js';

export async function createMessage(
  db: Db,
  stationId: string,
  options: {
    title?: string;
    original: string;
    type?: TMessageTypeKey;
    translations?: Record<string, string>;
  },
) {
  const message = await insertMessage(db, {
    stationId,
    title: options.title ?? 'Test message',
    original: options.original,
    originalLanguage: 'en',
    messageType: options.type ?? 'emergency',
  });
  for (const [languageCode, text] of Object.entries(options.translations ?? {})) {
    await insertTranslation(db, {
      messageId: message.id,
      stationId,
      languageCode,
      translatedText: text,
      status: 'completed',
    });
  }
  return message;
}
