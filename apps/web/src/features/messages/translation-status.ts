// A translation's status as shown: completed green, failed red, anything else pending yellow.
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

/**
 * Languages a detail edit re-translates into: the completed ones and those still being translated
 * (a second edit made before a translation arrived must not drop its language), else es and fr.
 * A failed translation is not retried by an edit.
 */
export const DEFAULT_RETRANSLATION_LANGUAGES = ['es', 'fr'] as const;

export function retranslationTargets(message: TMessage): string[] {
  const kept = targetTranslations(message)
    .filter(({ translation }) => shownStatus(translation) !== 'failed')
    // A translation kept from an earlier target (a hand edit) counts only once it is completed.
    .filter(
      ({ language, translation }) =>
        message.target_languages.includes(language) || shownStatus(translation) === 'completed',
    )
    .map(({ language }) => language);
  const targets = kept.length > 0 ? kept : [...DEFAULT_RETRANSLATION_LANGUAGES];
  return [...new Set(targets)].filter((language) => language !== message.original_language);
}
