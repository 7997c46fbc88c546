// When a machine was last heard from, in the page's language: Just now,
// Nm ago, Nh ago, then a date after 24 hours.
import { useRelativeAgeText } from '../../i18n/relative-age';
import { useNow } from '../../lib/use-now';

/** Relative times move on every 30 seconds, so 'Just now' never lingers past a minute and a half. */
export const LAST_SEEN_TICK_MS = 30_000;

/** (value, now) → the words shown in the Last Seen column. */
export function useLastSeenText(): (value: string, now: number) => string {
  return useRelativeAgeText(0);
}

/**
 * The Last Seen words of a machine as of this render; the list (table or cards) re-renders every
 * tick, and a row that just changed is measured against this very moment.
 */
export function useLastSeenNow(): (value: string) => string {
  const lastSeenText = useLastSeenText();
  useNow(LAST_SEEN_TICK_MS);
  const now = Date.now();
  return (value) => lastSeenText(value, now);
}
