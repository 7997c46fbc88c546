// A user's last login in the page's language: Never, Just now, N minutes ago, N hours ago,
// Yesterday, N days ago under 30 days, else a date: the shared formatRelativeTime in long style.
import { formatRelativeTime } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';
import { uiLocale } from '../../i18n/relative-age';

/** (value, now) → the words shown in the Last Login column. */
export function useLastLoginText(): (value: string | null, now: number) => string {
  const { t, i18n } = useTranslation(['users', 'common']);
  const locale = uiLocale(i18n.resolvedLanguage);
  return (value, now) =>
    value === null
      ? t('lastLogin.never')
      : formatRelativeTime(value, {
          locale,
          now: new Date(now),
          dayLimit: 30,
          style: 'long',
          yesterday: true,
          justNow: t('common:age.now'),
        });
}
