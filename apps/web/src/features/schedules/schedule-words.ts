// How a schedule reads: its times in the station's time zone and its recurrence in words, in the
// interface language (the server sends ISO instants, the zone and the rule).
import type { TSchedule } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';

const locale = (language: string) => (language === 'es' ? 'es-US' : 'en-US');

/** "Tue, Oct 27, 9:00 AM EDT": an instant as the station's clock shows it. */
export function formatInZone(iso: string, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** A wall-clock HH:MM as the language writes it ("9:00 AM", "9:00 a. m."). */
function wallTime(time: string, language: string): string {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale(language), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hour, minute)));
}

/** A YYYY-MM-DD day in words ("Friday, November 27"). */
function dayText(date: string, language: string, options: Intl.DateTimeFormatOptions): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale(language), { ...options, timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

type TRule = Pick<TSchedule, 'repeat' | 'start_date' | 'time' | 'ends_on' | 'max_runs'>;

/** "Monday to Friday at 8:15 AM, until Dec 18" in the interface language. */
export function useRepeatText(): (rule: TRule) => string {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  return (rule) => {
    const time = wallTime(rule.time, language);
    const day = dayText(rule.start_date, language, { weekday: 'long', month: 'long', day: 'numeric' });
    const base =
      rule.repeat === 'once'
        ? t('repeatText.once', { day, time })
        : rule.repeat === 'weekly'
          ? t('repeatText.weekly', {
              weekday: dayText(rule.start_date, language, { weekday: 'long' }),
              time,
            })
          : rule.repeat === 'monthly'
            ? t('repeatText.monthly', { day: Number(rule.start_date.slice(8, 10)), time })
            : t(`repeatText.${rule.repeat}`, { time });
    if (rule.repeat === 'once') return base;
    const from = t('repeatText.from', {
      day: dayText(rule.start_date, language, { month: 'short', day: 'numeric' }),
    });
    const end = rule.ends_on
      ? t('repeatText.until', {
          day: dayText(rule.ends_on, language, { month: 'short', day: 'numeric', year: 'numeric' }),
        })
      : rule.max_runs
        ? t('repeatText.times', { count: rule.max_runs })
        : '';
    return [base, from, end].filter(Boolean).join(', ');
  };
}
