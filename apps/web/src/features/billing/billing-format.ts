// How the Billing page words numbers and dates: US number formatting, the usage bar's share,
// signed credit changes.
import { formatCount } from '../../i18n/formats';

/** Above this share of the monthly credits the usage bar turns red. */
export const USAGE_WARNING_PERCENT = 80;
const DAY_MS = 24 * 60 * 60 * 1000;
/** A true minus sign: a hyphen reads as a dash next to a number. */
const MINUS = '\u2212';

/** Share of the monthly credits used, 0–100. */
export function usagePercent(used: number, monthlyCredits: number): number {
  if (monthlyCredits <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, Math.round((used / monthlyCredits) * 100)));
}

/** Used credits as the breakdown shows them: −120 (0 stays 0). */
export function negativeCount(value: number): string {
  return value > 0 ? `${MINUS}${formatCount(value)}` : '0';
}

/** A ledger change with its sign: +500, −1, 0. */
export function signedCount(value: number): string {
  if (value > 0) return `+${formatCount(value)}`;
  if (value < 0) return `${MINUS}${formatCount(-value)}`;
  return '0';
}

export function addDays(iso: string, days: number): string {
  return new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();
}
