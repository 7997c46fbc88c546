// Relative times in the product's words. `now` is passed in so results are testable.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** How old something is, in steps a page words in its own language. */
export type TRelativeAge =
  | { kind: 'now' }
  | { kind: 'minutes' | 'hours' | 'days'; count: number }
  | { kind: 'date'; date: Date };

/**
 * Messages: just now, minutes, hours (under 24 h), days (under `dayLimit`, 7 for
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

export type TRelativeTimeOptions = {
  /** A BCP 47 locale: 'en-US', 'es-US', 'ko'… */
  locale: string;
  now?: Date;
  /** Days are counted under this many, then a date (messages 7, machines 0, users 30). */
  dayLimit: number;
  /** 'narrow' ('5m ago', 'hace 5 min') for lists, 'long' ('5 minutes ago') for sentences. */
  style?: 'narrow' | 'long';
  /** The words for under a minute; without them, the language's own (JUST_NOW), never '0 minutes ago'. */
  justNow?: string;
  /** One day ago reads 'Yesterday' (the locale's word, capitalised) instead of '1 day ago'. */
  yesterday?: boolean;
};

/** Under a minute, in the interface languages; other languages get Intl's word for now ('ahora', '现在'). */
const JUST_NOW: Record<string, string> = { en: 'Just now', es: 'Justo ahora' };

function justNowIn(locale: string, language: string): string {
  const words = JUST_NOW[language];
  if (words) return words;
  const now = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
  return capitalised(now, locale);
}

/** Languages whose narrow style drops the "ago" words (fr: '-5 min'): they get the short style. */
const NARROW_READS_WELL = new Set(['en', 'es', 'zh', 'ja', 'ko']);

function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/**
 * The one relative-time function: steps from `relativeAge`, words from
 * Intl.RelativeTimeFormat in the page's locale, a date (Intl.DateTimeFormat) after the last step.
 */
export function formatRelativeTime(value: Date | string, options: TRelativeTimeOptions): string {
  const { locale, now = new Date(), dayLimit, style = 'narrow' } = options;
  const age = relativeAge(value, now, dayLimit);
  if (age.kind === 'date') return new Intl.DateTimeFormat(locale).format(age.date);
  const language = locale.split('-')[0] ?? 'en';
  if (age.kind === 'now') return options.justNow ?? justNowIn(locale, language);
  const words = new Intl.RelativeTimeFormat(locale, {
    style: style === 'narrow' && !NARROW_READS_WELL.has(language) ? 'short' : style,
    numeric: 'always',
  });
  if (age.kind === 'days' && age.count === 1 && options.yesterday) {
    const auto = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    return capitalised(auto.format(-1, 'day'), locale);
  }
  const unit = age.kind === 'minutes' ? 'minute' : age.kind === 'hours' ? 'hour' : 'day';
  return words.format(-age.count, unit);
}

/** Messages in English: 'Just now', 'Nm ago', 'Nh ago', 'Nd ago' (under 7 days), then a date. */
export function formatMessageAge(value: Date | string, now: Date = new Date()): string {
  return formatRelativeTime(value, { locale: 'en-US', now, dayLimit: 7, justNow: 'Just now' });
}

/** Machines: 'Just now', 'Nm ago', 'Nh ago', then a date after 24 hours. */
export function formatLastSeen(value: Date | string, now: Date = new Date()): string {
  return formatRelativeTime(value, { locale: 'en-US', now, dayLimit: 0, justNow: 'Just now' });
}

/**
 * Users: 'Never', 'Just now' (under a minute), 'N minutes ago', 'N hours ago', 'Yesterday',
 * 'N days ago' (under 30), else a date.
 */
export function formatLastLogin(value: Date | string | null | undefined, now: Date = new Date()): string {
  if (!value) return 'Never';
  return formatRelativeTime(value, { locale: 'en-US', now, dayLimit: 30, style: 'long', yesterday: true });
}

/** US number formatting (1,234). */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
