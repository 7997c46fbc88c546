// When a machine was last heard from, in the page's language (spec §9 Machines last seen): Just now,
// Nm ago, Nh ago, then a date after 24 hours. Same steps as the shared formatLastSeen.
import { useTranslation } from 'react-i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Relative times move on every 30 seconds, so 'Just now' never lingers past a minute and a half. */
export const LAST_SEEN_TICK_MS = 30_000;

export type TLastSeenAge =
  | { kind: 'now' }
  | { kind: 'minutes' | 'hours'; count: number }
  | { kind: 'date'; date: Date };

export function lastSeenAge(value: string, now: number): TLastSeenAge {
  const date = new Date(value);
  const elapsed = Math.max(0, now - date.getTime());
  if (elapsed < MINUTE) return { kind: 'now' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  return { kind: 'date', date };
}

/** (value, now) → the words shown in the Last Seen column. */
export function useLastSeenText(): (value: string, now: number) => string {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'machines' });
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  return (value, now) => {
    const age = lastSeenAge(value, now);
    switch (age.kind) {
      case 'now':
        return t('lastSeen.now');
      case 'minutes':
        return t('lastSeen.minutes', { count: age.count });
      case 'hours':
        return t('lastSeen.hours', { count: age.count });
      case 'date':
        return new Intl.DateTimeFormat(locale).format(age.date);
    }
  };
}
