// When runs fall: wall-clock times in a zone, across daylight-saving changes, and each repeat.
import { describe, expect, it } from 'vitest';
import { firstRun, runsAfter, type TRecurrence, zonedDate, zonedInstant } from './recurrence.js';

const NY = 'America/New_York';
const base = (overrides: Partial<TRecurrence>): TRecurrence => ({
  repeat: 'daily',
  startDate: '2026-10-30',
  localTime: '09:00',
  timeZone: NY,
  endsOn: null,
  maxRuns: null,
  ...overrides,
});
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const before = (r: TRecurrence) => new Date((firstRun(r)?.getTime() ?? 0) - 1);

describe('zoned times', () => {
  it('keeps 09:00 at 09:00 when New York falls back (1 November 2026) and springs forward (14 March 2027)', () => {
    expect(zonedInstant('2026-10-31', '09:00', NY).toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(zonedInstant('2026-11-01', '09:00', NY).toISOString()).toBe('2026-11-01T14:00:00.000Z');
    expect(zonedInstant('2027-03-13', '09:00', NY).toISOString()).toBe('2027-03-13T14:00:00.000Z');
    expect(zonedInstant('2027-03-14', '09:00', NY).toISOString()).toBe('2027-03-14T13:00:00.000Z');
  });

  it('runs a time the spring-forward skips when the clock reaches it, and a doubled time the first time', () => {
    // 02:30 does not exist on 8 March 2026 in New York: 03:30 EDT is 07:30 UTC.
    expect(zonedInstant('2026-03-08', '02:30', NY).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // 01:30 happens twice on 1 November 2026: first in EDT (05:30 UTC), then in EST (06:30 UTC).
    expect(zonedInstant('2026-11-01', '01:30', NY).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads zones without daylight saving and far from New York', () => {
    expect(zonedInstant('2026-07-01', '09:00', 'America/Phoenix').toISOString()).toBe(
      '2026-07-01T16:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', '09:00', 'Pacific/Honolulu').toISOString()).toBe(
      '2026-07-01T19:00:00.000Z',
    );
    expect(zonedDate(new Date('2026-11-28T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-27');
  });
});

describe('recurrences', () => {
  it('daily, through the fall-back, ending after N runs', () => {
    const r = base({ maxRuns: 4 });
    expect(iso(runsAfter(r, before(r), 10))).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
    // Two runs made: two are left.
    expect(runsAfter(r, new Date('2026-10-31T13:00:00Z'), 10, 2)).toHaveLength(2);
  });

  it('weekdays skip Saturday and Sunday; weekly keeps the weekday; an end date is included', () => {
    const weekdays = base({ repeat: 'weekdays', startDate: '2026-11-27', endsOn: '2026-12-02' });
    expect(iso(runsAfter(weekdays, before(weekdays), 10)).map((d) => d.slice(0, 10))).toEqual([
      '2026-11-27',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    const weekly = base({ repeat: 'weekly', startDate: '2026-11-27', maxRuns: 3 });
    expect(iso(runsAfter(weekly, before(weekly), 10)).map((d) => d.slice(0, 10))).toEqual([
      '2026-11-27',
      '2026-12-04',
      '2026-12-11',
    ]);
  });

  it("monthly on the 31st falls on a shorter month's last day", () => {
    const r = base({ repeat: 'monthly', startDate: '2027-01-31', maxRuns: 4 });
    expect(iso(runsAfter(r, before(r), 10)).map((d) => d.slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
  });

  it('once runs once; a weekday recurrence over a weekend has no run', () => {
    const once = base({ repeat: 'once' });
    expect(runsAfter(once, before(once), 10)).toHaveLength(1);
    expect(runsAfter(once, firstRun(once) as Date, 10)).toEqual([]);
    const weekend = base({ repeat: 'weekdays', startDate: '2026-11-28', endsOn: '2026-11-29' });
    expect(runsAfter(weekend, new Date('2026-11-01T00:00:00Z'), 10)).toEqual([]);
  });
});
