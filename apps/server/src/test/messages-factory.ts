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
    /**
     * Who vouches for the translations (decision 0050): reviewed by staff unless a test says
     * `machine` (new stations hold unreviewed emergencies for review).
     */
    review?: 'machine' | 'reviewed' | 'corrected';
    /** The engine recorded, e.g. `phrasebook` or `station:deepl`. */
    provider?: string;
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
      review: options.review ?? 'reviewed',
      provider: options.provider ?? null,
    });
  }
  return message;
}
