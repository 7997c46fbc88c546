// Calendar dates of legal pages and documents ('2025-08-26') written out in the UI language.

/**
 * 'August 26, 2025' or '26 de agosto de 2025'. The date is a calendar day, not an instant, so it is
 * read and written in UTC: a visitor west of Greenwich must not see the day before.
 */
export function formatLongDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
