// Message preferences as edited in the dialogs, and as the API wants them: every one of the four
// fixed types, each with subscribed and a language.
import {
  LANGUAGE_CODES,
  MESSAGE_TYPE_KEYS,
  type TLanguageCode,
  type TMessagePreferences,
  type TSmsContact,
} from '@message-station/shared';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';

export type TPreferencesDraft = Record<string, { subscribed: boolean; language: string }>;

function isLanguageCode(code: string | undefined): code is TLanguageCode {
  return Boolean(code) && (LANGUAGE_CODES as readonly string[]).includes(code as string);
}

/** The contact's own language when the station offers it, else the station's first, else English. */
export function defaultLanguage(languages: TStationLanguage[], contact?: TSmsContact | null): string {
  const offered = languages.map((language) => language.language_code);
  if (contact && offered.includes(contact.language)) return contact.language;
  return offered[0] ?? 'en';
}

export function draftFrom(
  types: TStationMessageType[],
  languages: TStationLanguage[],
  contact?: TSmsContact | null,
): TPreferencesDraft {
  const fallback = defaultLanguage(languages, contact);
  return Object.fromEntries(
    types.map((type) => {
      const current = contact?.message_preferences[type.message_type];
      return [
        type.message_type,
        { subscribed: Boolean(current?.subscribed), language: current?.language || fallback },
      ];
    }),
  );
}

export function hasSubscription(draft: TPreferencesDraft): boolean {
  return Object.values(draft).some((preference) => preference.subscribed);
}

/** The request body: the edited types, and the contact's current (or an unsubscribed) entry for the rest. */
export function preferencesFrom(
  draft: TPreferencesDraft,
  fallbackLanguage: string,
  contact?: TSmsContact | null,
): TMessagePreferences {
  const safeFallback: TLanguageCode = isLanguageCode(fallbackLanguage) ? fallbackLanguage : 'en';
  const entries = MESSAGE_TYPE_KEYS.map((key) => {
    const preference = draft[key] ?? contact?.message_preferences[key];
    const language = isLanguageCode(preference?.language) ? preference.language : safeFallback;
    return [key, { subscribed: Boolean(preference?.subscribed), language }] as const;
  });
  return Object.fromEntries(entries) as TMessagePreferences;
}
