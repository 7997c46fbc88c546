// Relative times as the spec words them (spec §9). `now` is passed in so results are testable.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

function usDate(date: Date): string {
  return date.toLocaleDateString('en-US');
}

/** How old something is, in steps a page words in its own language. */
export type TRelativeAge =
  | { kind: 'now' }
  | { kind: 'minutes' | 'hours' | 'days'; count: number }
  | { kind: 'date'; date: Date };

/**
 * Messages (spec §9): just now, minutes, hours (under 24 h), days (under `dayLimit`, 7 for
 * messages; 0 for machines, whose last-seen time turns into a date after 24 hours), then a date.
 */
export function relativeAge(value: Date | string, now: Date = new Date(), dayLimit = 7): TRelativeAge {
  const date = toDate(value);
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return { kind: 'now' };
  if (elapsed < HOUR) return { kind: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { kind: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < dayLimit * DAY) return { kind: 'days', count: Math.floor(elapsed / DAY) };
  return { kind: 'date', date };
}

/** Messages in English: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' (under 7 days), then a date. */
export function formatMessageAge(value: Date | string, now: Date = new Date()): string {
  const age = relativeAge(value, now);
  if (age.kind === 'now') return 'Just now';
  if (age.kind === 'date') return usDate(age.date);
  return `${age.count}${age.kind[0]} ago`;
}

/** Machines: 'Just now', 'Nm ago', 'Nh ago', then a date after 24 hours. */
export function formatLastSeen(value: Date | string, now: Date = new Date()): string {
  const date = toDate(value);
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return usDate(date);
}

/** Users: 'Never', 'N minutes ago', 'N hours ago', 'Yesterday', 'N days ago' (under 30), else a date. */
export function formatLastLogin(value: Date | string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'Never';
  const date = toDate(value);
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  }
  const days = Math.floor(elapsed / DAY);
  if (days === 1) return 'Yesterday';
  if (days < 30) return `${days} days ago`;
  return usDate(date);
}

/** US number formatting (1,234). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
