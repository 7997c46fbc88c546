// How old something is, in the page's language: the shared formatRelativeTime (steps from
// relativeAge, words from Intl.RelativeTimeFormat) with the catalogue's 'Just now'.
import { formatRelativeTime } from '@message-station/shared/catalogue';
import { formatDateTime, uiLocale } from './formats';
import { useTranslation } from './react';

export { uiLocale };

/** (value, now) → the words; `dayLimit` 7 for messages, 0 where a day old is shown as a date. */
export function useRelativeAgeText(dayLimit = 7): (value: Date | string, now?: number) => string {
  const { t, i18n } = useTranslation('common', { keyPrefix: 'age' });
  const locale = uiLocale(i18n.resolvedLanguage);
  return (value, now = Date.now()) =>
    formatRelativeTime(value, { locale, now: new Date(now), dayLimit, justNow: t('now') });
}

/** The full date and time, as everywhere ('Nov 24, 2026, 1:16 PM'; '24 nov 2026, 1:16 p.m.'). */
export function useFullTimeText(): (value: Date | string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  return (value) => formatDateTime(value, language);
}
