// A translation's status as shown: completed green, failed red, anything else pending yellow (spec §3).
import type { TMessage, TMessageTranslation } from '../../api/messages';

export type TShownStatus = 'completed' | 'failed' | 'pending';

export const STATUS_COLORS: Record<TShownStatus, string> = {
  completed: 'green',
  failed: 'red',
  pending: 'yellow',
};

export function shownStatus(translation: TMessageTranslation | undefined): TShownStatus {
  const status = translation?.translation_status;
  if (status === 'completed') return 'completed';
  if (status === 'failed') return 'failed';
  return 'pending';
}

/** One entry per target language, in the message's order, with its translation when there is one. */
export function targetTranslations(
  message: TMessage,
): { language: string; translation: TMessageTranslation | undefined }[] {
  const byLanguage = new Map(message.translations.map((t) => [t.language_code, t]));
  const languages = [...message.target_languages];
  // A translation whose language is no longer a target still shows (kept hand edits, older data).
  for (const translation of message.translations) {
    if (!languages.includes(translation.language_code)) languages.push(translation.language_code);
  }
  return languages.map((language) => ({ language, translation: byLanguage.get(language) }));
}

/** Languages a detail edit re-translates into: the completed ones, else es and fr (spec §5, §9). */
export const DEFAULT_RETRANSLATION_LANGUAGES = ['es', 'fr'] as const;

export function retranslationTargets(message: TMessage): string[] {
  const completed = message.translations
    .filter((t) => t.translation_status === 'completed')
    .map((t) => t.language_code);
  const targets = completed.length > 0 ? completed : [...DEFAULT_RETRANSLATION_LANGUAGES];
  return [...new Set(targets)].filter((language) => language !== message.original_language);
}
