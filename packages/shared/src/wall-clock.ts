// The wall clock of a time zone: the date and time a person there reads at an instant.

const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * The date (YYYY-MM-DD) and time (HH:MM, 24-hour) of `at` in `timeZone` (the runtime's zone when
 * omitted; UTC if the zone is unknown).
 */
export function localDateTime(at: Date, timeZone?: string): { date: string; time: string } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { ...DATE_TIME, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { ...DATE_TIME, timeZone: 'UTC' });
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
