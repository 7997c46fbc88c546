// A user's last login in the page's language (spec §9): Never, N minutes ago, N hours ago,
// Yesterday, N days ago under 30 days, else a date. Same steps as the shared formatLastLogin.
import { useTranslation } from 'react-i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type TLastLoginAge =
  | { kind: 'never' }
  | { kind: 'minutes' | 'hours' | 'days'; count: number }
  | { kind: 'yesterday' }
  | { kind: 'date'; date: Date };

export function lastLoginAge(value: string | null, now: number): TLastLoginAge {
  if (!value) return { kind: 'never' };
  const date = new Date(value);
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return { kind: 'yesterday' };
  if (days < 30) return { kind: 'days', count: days };
  return { kind: 'date', date };
}

/** (value, now) → the words shown in the Last Login column. */
export function useLastLoginText(): (value: string | null, now: number) => string {
  const { t, i18n } = useTranslation('users');
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  return (value, now) => {
    const age = lastLoginAge(value, now);
    switch (age.kind) {
      case 'never':
        return t('lastLogin.never');
      case 'yesterday':
        return t('lastLogin.yesterday');
      case 'date':
        return new Intl.DateTimeFormat(locale).format(age.date);
      case 'minutes':
        return t('lastLogin.minutes', { count: age.count });
      case 'hours':
        return t('lastLogin.hours', { count: age.count });
      case 'days':
        return t('lastLogin.days', { count: age.count });
    }
  };
}
