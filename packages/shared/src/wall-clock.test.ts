import { describe, expect, it } from 'vitest';
import { localDateTime } from './wall-clock.js';

describe('localDateTime', () => {
  it('reads the wall clock of the zone, across midnight and daylight saving', () => {
    // 03:30 UTC on 7 December is 22:30 the evening before in New York (EST, UTC-5).
    expect(localDateTime(new Date('2026-12-07T03:30:00Z'), 'America/New_York')).toEqual({
      date: '2026-12-06',
      time: '22:30',
    });
    // In July New York is UTC-4; midnight is written 00, not 24.
    expect(localDateTime(new Date('2026-07-01T04:05:00Z'), 'America/New_York')).toEqual({
      date: '2026-07-01',
      time: '00:05',
    });
  });

  it('falls back to UTC for a zone it does not know', () => {
    expect(localDateTime(new Date('2026-12-07T03:30:00Z'), 'Mars/Olympus_Mons')).toEqual({
      date: '2026-12-07',
      time: '03:30',
    });
  });
});
