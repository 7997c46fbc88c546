// How the interface writes numbers, dates and times in each of its languages (decision 0081): one
// place, through Intl. English as the US writes it (1,600; Dec 7, 2026, 3:22 PM). Spanish writes
// numbers as Spanish does (1600, 16.000; a comma was English), and dates and times as US Spanish
// speakers read them (7 dic 2026, 3:22 p.m.: the 12-hour clock of es-US).
import i18n from './index';

/** The locale of dates and times for an interface language. */
export function uiLocale(language: string | undefined): string {
  return language === 'es' ? 'es-US' : 'en-US';
}

/** The locale of numbers for an interface language. */
export function numberLocale(language: string | undefined): string {
  return language === 'es' ? 'es' : 'en-US';
}

/** A count in the interface's language as it is now ('1,600'; '1600' and '16.000' in Spanish). */
export function formatCount(value: number, language: string | undefined = i18n.resolvedLanguage): string {
  return value.toLocaleString(numberLocale(language));
}

/** A number with options (a rate, a share) in the interface's language as it is now. */
export function formatNumber(
  value: number,
  options: Intl.NumberFormatOptions,
  language: string | undefined = i18n.resolvedLanguage,
): string {
  return new Intl.NumberFormat(numberLocale(language), options).format(value);
}

/** A moment in full, one way everywhere: 'Dec 7, 2026, 3:22 PM' ('7 dic 2026, 3:22 p.m.'). */
export function formatDateTime(
  value: Date | string,
  language: string | undefined = i18n.resolvedLanguage,
): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(uiLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
