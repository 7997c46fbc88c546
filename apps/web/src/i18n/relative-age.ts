// How old something is, in the page's language: the shared relativeAge gives the step, the common
// catalogue words it (en: '5m ago', es: 'hace 5 min'), a date after the last step.
import { relativeAge } from '@message-station/shared';
import { useTranslation } from 'react-i18next';

/** (value, now) → the words; `dayLimit` 7 for messages, 0 where a day old is shown as a date. */
export function useRelativeAgeText(dayLimit = 7): (value: Date | string, now?: number) => string {
  const { t, i18n } = useTranslation('common', { keyPrefix: 'age' });
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  return (value, now = Date.now()) => {
    const age = relativeAge(value, new Date(now), dayLimit);
    switch (age.kind) {
      case 'now':
        return t('now');
      case 'date':
        return new Intl.DateTimeFormat(locale).format(age.date);
      default:
        return t(age.kind, { count: age.count });
    }
  };
}
