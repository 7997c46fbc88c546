// When a machine was last heard from, in the page's language (spec §9 Machines last seen): Just now,
// Nm ago, Nh ago, then a date after 24 hours.
import { useRelativeAgeText } from '../../i18n/relative-age';

/** Relative times move on every 30 seconds, so 'Just now' never lingers past a minute and a half. */
export const LAST_SEEN_TICK_MS = 30_000;

/** (value, now) → the words shown in the Last Seen column. */
export function useLastSeenText(): (value: string, now: number) => string {
  return useRelativeAgeText(0);
}
