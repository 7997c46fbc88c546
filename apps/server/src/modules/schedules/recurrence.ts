// When a schedule's runs fall: wall-clock dates and times in a time zone, turned into instants.
// A run keeps its wall-clock time across daylight-saving changes (09:00 stays 09:00). A time that
// does not exist on the day clocks spring forward (02:30) runs when the clock reaches it, an hour
// later by the old reckoning (03:30); a time that happens twice when they fall back runs the first time.
import type { TScheduleRepeat } from '@message-station/shared';

export type TRecurrence = {
  repeat: TScheduleRepeat;
  /** YYYY-MM-DD in `timeZone`. */
  startDate: string;
  /** HH:MM in `timeZone`. */
  localTime: string;
  timeZone: string;
  endsOn: string | null;
  maxRuns: number | null;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall clock of `timeZone` at an instant, as if it were UTC (milliseconds). */
function wallClockMs(timeZone: string, instantMs: number): number {
  const parts = formatter(timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** Minutes `timeZone` is ahead of UTC at an instant (New York in winter: -300). */
function offsetMinutes(timeZone: string, instantMs: number): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return (wallClockMs(timeZone, whole) - whole) / 60_000;
}

/** The instant a wall-clock date and time happen in `timeZone` (see the rules above). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const HOURS_12 = 12 * 3_600_000;
  const before = offsetMinutes(timeZone, wall - HOURS_12);
  const after = offsetMinutes(timeZone, wall + HOURS_12);
  const valid = [before, after]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => wallClockMs(timeZone, instant) === wall)
    .sort((a, b) => a - b);
  // No instant shows this wall clock (the spring-forward gap): read it with the offset before.
  return new Date(valid[0] ?? wall - before * 60_000);
}

/** Today's date in `timeZone` at an instant, YYYY-MM-DD. */
export function zonedDate(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(timeZone, instant.getTime())).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

function parseDay(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The start date's day of the month, or the month's last day when it is shorter (the 31st). */
function monthlyDay(startMs: number, monthsLater: number): number {
  const start = new Date(startMs);
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + monthsLater, 1);
  const firstOfNext = Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + monthsLater + 1, 1);
  const lastDay = (firstOfNext - first) / DAY_MS;
  return first + (Math.min(start.getUTCDate(), lastDay) - 1) * DAY_MS;
}

/** The dates of the recurrence, in order, from its start (unbounded; the caller stops). */
function* runDates(r: TRecurrence): Generator<string> {
  const start = parseDay(r.startDate);
  if (r.repeat === 'once') {
    yield r.startDate;
    return;
  }
  for (let step = 0; ; step++) {
    if (r.repeat === 'daily') yield formatDay(start + step * DAY_MS);
    else if (r.repeat === 'weekly') yield formatDay(start + step * 7 * DAY_MS);
    else if (r.repeat === 'monthly') yield formatDay(monthlyDay(start, step));
    else {
      const day = start + step * DAY_MS;
      const weekday = new Date(day).getUTCDay();
      if (weekday !== 0 && weekday !== 6) yield formatDay(day);
    }
  }
}

/** Far enough for any schedule a person sets (a daily one, ten years on). */
const MAX_STEPS = 4000;

/**
 * The runs of the recurrence due after `after` (exclusive), at most `count`, given that
 * `runsDone` runs already happened. Ends at `endsOn` (included) and after `maxRuns` runs.
 */
export function runsAfter(r: TRecurrence, after: Date, count: number, runsDone = 0): Date[] {
  const runs: Date[] = [];
  let index = 0;
  let done = runsDone;
  for (const date of runDates(r)) {
    if (runs.length >= count || index++ > MAX_STEPS) break;
    if (r.endsOn && date > r.endsOn) break;
    if (r.maxRuns !== null && done >= r.maxRuns) break;
    const at = zonedInstant(date, r.localTime, r.timeZone);
    if (at.getTime() <= after.getTime()) continue;
    runs.push(at);
    done += 1;
  }
  return runs;
}

/** The first run of a recurrence (its first date, whether or not it has passed). */
export function firstRun(r: TRecurrence): Date | null {
  const [date] = runDates(r);
  if (date === undefined || (r.endsOn && date > r.endsOn)) return null;
  return zonedInstant(date, r.localTime, r.timeZone);
}
