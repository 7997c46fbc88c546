// Dashboard figures (spec §9): activity limit 20, the 3 recent messages with their text cut at 80
// characters, the short dates of the SMS chart, and the times texts held for quiet hours go.
export const ACTIVITY_LIMIT = 20;
export const RECENT_MESSAGES_LIMIT = 3;
export const RECENT_TEXT_MAX = 80;

/** The text as is when it fits, else its first `max` characters and an ellipsis. */
export function cutText(text: string, max = RECENT_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** Held texts go at 8 AM in their recipient's zone (the server's quiet-hours.ts). */
const QUIET_HOURS_END = 8;

const localeOf = (uiLanguage: string) => (uiLanguage === 'es' ? 'es-US' : 'en-US');

/** 'Mar 5' (or 'mar 5' in Spanish) for a UTC calendar date 'YYYY-MM-DD'. */
export function shortDate(isoDate: string, uiLanguage: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString(localeOf(uiLanguage), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** '8:00 AM EST' ('8:00 a.m. EST' in Spanish): a time as the clock shows it in `zone`, with its abbreviation. */
export function timeInZone(iso: string, zone: string, uiLanguage: string): string {
  const format = { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' } as const;
  return new Date(iso).toLocaleTimeString(localeOf(uiLanguage), format);
}

/** '8:00 AM' ('8:00 a.m.'): when quiet hours end on every recipient's own clock. */
export function quietHoursEnd(uiLanguage: string): string {
  const eightAm = new Date(Date.UTC(2000, 0, 1, QUIET_HOURS_END));
  return eightAm.toLocaleTimeString(localeOf(uiLanguage), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}
