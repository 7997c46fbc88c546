// Dashboard figures: activity limit 20, the 3 recent messages with their text cut at 80
// characters, and the short dates of the SMS chart (the times held texts go: lib/time-format.ts).
import { localeOf } from '../../lib/time-format';

export const ACTIVITY_LIMIT = 20;
export const RECENT_MESSAGES_LIMIT = 3;
export const RECENT_TEXT_MAX = 80;

/** The text as is when it fits, else its first `max` characters and an ellipsis. */
export function cutText(text: string, max = RECENT_TEXT_MAX): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** 'Mar 5' (or 'mar 5' in Spanish) for a UTC calendar date 'YYYY-MM-DD'. */
export function shortDate(isoDate: string, uiLanguage: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString(localeOf(uiLanguage), { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
